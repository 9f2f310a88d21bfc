// The account of an OpenID Connect sign-in: found by issuer and subject, else by a verified email, else
// created when the firm admits the address (auth/membership.ts).
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { userJson } from '../routes/serialize.ts';
import { acceptInvitation } from './invitations.ts';
import { admit, assertMayUseAccount, roleForNewAccount } from './membership.ts';
import type { OidcIdentity } from './oidc.ts';

export async function accountForIdentity(db: Db, config: Config, id: OidcIdentity) {
  return db.transaction(async (tx) => {
    const profile = { email: id.email, firstName: id.firstName, lastName: id.lastName, profileImageUrl: id.picture };
    const [bySubject] = await tx.select().from(users).where(eq(users.oidcSubject, id.subject)).limit(1);
    if (bySubject) {
      assertMayUseAccount(bySubject, config);
      const [row] = await tx.update(users).set({ ...profile, updatedAt: new Date() }).where(eq(users.id, bySubject.id)).returning();
      return row!;
    }
    if (id.email) {
      const [byEmail] = await tx.select().from(users).where(eq(users.email, id.email)).limit(1);
      if (byEmail) {
        // Only a provider-verified email may take over an existing account of the same address.
        if (!id.emailVerified) throw new AppError('conflict', 'An account with this email already exists');
        assertMayUseAccount(byEmail, config);
        const [row] = await tx
          .update(users)
          .set({ ...profile, oidcSubject: id.subject, updatedAt: new Date() })
          .where(eq(users.id, byEmail.id))
          .returning();
        return row!;
      }
    }
    const admission = await admit(tx, config, id.email, { verified: id.emailVerified });
    const [row] = await tx
      .insert(users)
      .values({ ...profile, oidcSubject: id.subject, joinedVia: admission.via, role: await roleForNewAccount(tx), invitedBy: admission.invitation?.invitedBy ?? null })
      .returning();
    if (admission.invitation) await acceptInvitation(tx, admission.invitation.id, row!.id);
    await recordAudit(tx, { id: row!.id, email: row!.email }, 'register', 'user', row!.id, null, { ...userJson(row!), joinedVia: admission.via });
    return row!;
  });
}
