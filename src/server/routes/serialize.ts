// Database rows → API shapes of src/contract.
import type { CaseRecord } from '../../contract/cases.ts';
import type { User } from '../../contract/auth.ts';
import type { cases } from '../db/schema.ts';
import type { SessionUser } from '../auth/sessions.ts';

export function userJson(u: SessionUser): User {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    role: u.role === 'admin' ? 'admin' : 'member',
  };
}

export function caseJson(c: typeof cases.$inferSelect): CaseRecord {
  return {
    id: c.id,
    caseNumber: c.caseNumber,
    title: c.title,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
    filingDate: c.filingDate.toISOString(),
    plaintiff: c.plaintiff,
    defendant: c.defendant,
    storagePath: c.storagePath,
    autoAdvance: c.autoAdvance,
    authorities: c.authorities === 'on' ? 'on' : 'off',
    toaTarget: c.toaTarget === 'authority' ? 'authority' : 'first-citation',
    // only when set: a case without a court keeps the form it always had
    ...(c.courtProfile ? { courtProfile: c.courtProfile } : {}),
  };
}
