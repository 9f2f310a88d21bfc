// The firm's people: members and invitations (People screen), and the public look-up of an
// invitation link that the sign-up screen shows. Every member sees the list; administrators invite,
// revoke invitations, change roles and remove members (auth/members.ts).
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { displayName } from '../../contract/auth.ts';
import {
  invitationBody,
  invitationTokenQuery,
  memberRoleBody,
  type CreatedInvitation,
  type Member,
  type People,
} from '../../contract/people.ts';
import { requireAdmin, requireUser } from '../auth/guard.ts';
import { createInvitation, listInvitations, previewInvitation, revokeInvitation } from '../auth/invitations.ts';
import { removeMember, setRole } from '../auth/members.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { parseInput } from '../errors.ts';
import { publicBase } from './auth.ts';

const idParams = z.object({ id: z.uuid({ error: 'id must be an invitation id' }) });
const memberParams = z.object({ id: z.uuid({ error: 'id must be a member id' }) });

async function listMembers(db: Db): Promise<Member[]> {
  const inviter = alias(users, 'inviter');
  const rows = await db.select({ user: users, inviter }).from(users).leftJoin(inviter, eq(inviter.id, users.invitedBy)).orderBy(desc(users.createdAt));
  return rows.map(({ user, inviter: by }) => ({
    id: user.id,
    email: user.email,
    name: displayName(user),
    joinedVia: (user.joinedVia as Member['joinedVia']) ?? null,
    invitedBy: by ? { id: by.id, name: displayName(by) } : null,
    createdAt: user.createdAt.toISOString(),
    role: user.role === 'admin' ? 'admin' : 'member',
  }));
}

export function peopleRoutes(app: FastifyInstance, db: Db, config: Config): void {
  app.get('/api/people', async (req): Promise<People> => {
    requireUser(req);
    return { members: await listMembers(db), invitations: await listInvitations(db) };
  });

  app.patch('/api/people/:id', async (req) => {
    const admin = requireAdmin(req);
    const { id } = parseInput(memberParams, req.params);
    const { role } = parseInput(memberRoleBody, req.body);
    await setRole(db, admin, id, role);
    return (await listMembers(db)).find((m) => m.id === id);
  });

  app.delete('/api/people/:id', async (req, reply) => {
    const admin = requireAdmin(req);
    const { id } = parseInput(memberParams, req.params);
    await removeMember(db, admin, id);
    return reply.code(204).send();
  });

  app.post('/api/invitations', async (req, reply) => {
    const user = requireAdmin(req);
    const body = parseInput(invitationBody, req.body);
    const { invitation, token } = await createInvitation(db, user, body.email);
    const link = `${publicBase(req, config)}/signup?invite=${encodeURIComponent(token)}`;
    const created: CreatedInvitation = { ...invitation, link };
    return reply.code(201).send(created);
  });

  app.delete('/api/invitations/:id', async (req, reply) => {
    const user = requireAdmin(req);
    const { id } = parseInput(idParams, req.params);
    await revokeInvitation(db, user, id);
    return reply.code(204).send();
  });

  app.get('/api/auth/invitation', { config: { public: true } }, async (req) => {
    const { token } = parseInput(invitationTokenQuery, req.query);
    return previewInvitation(db, token);
  });
}
