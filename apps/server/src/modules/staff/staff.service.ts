import { randomBytes } from 'node:crypto';
import type { PermissionsInput, Staff } from '@funnelwork/domain';
import { roleLabel } from '@funnelwork/domain/rules';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accounts, members, users } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { revokeSessions, type SessionCache } from '../../plugins/auth.ts';
import { alreadyMember, HttpError, notFound } from '../../plugins/errors.ts';
import { findUserByEmail } from '../users/users.queries.ts';
import { hashPassword, INVITE_CODE_TTL_MS, type UsersService } from '../users/users.service.ts';

type Deps = { db: Db; config: Config; mailer: Mailer; users: UsersService; sessions: SessionCache };

export function createStaffService({ db, config, mailer, users: usersService, sessions }: Deps) {
  async function list(
    accountId: number,
    where: { memberId?: number; userId?: number } = {},
  ): Promise<Staff[]> {
    const conditions = [eq(members.accountId, accountId)];
    if (where.memberId !== undefined) conditions.push(eq(members.id, where.memberId));
    if (where.userId !== undefined) conditions.push(eq(members.userId, where.userId));
    const rows = await db
      .select({ member: members, user: users, ownerUserId: accounts.ownerUserId })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .innerJoin(accounts, eq(accounts.id, members.accountId))
      .where(and(...conditions))
      .orderBy(members.id);
    return rows.map(({ member, user, ownerUserId }) => {
      const permissions = JSON.stringify(member.permissions);
      return {
        id: member.id,
        user_id: user.id,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        permissions,
        role: roleLabel({ permissions }),
        owner: ownerUserId === user.id,
        created_at: new Date(member.createdAt).toISOString(),
      };
    });
  }

  async function get(accountId: number, where: { memberId?: number; userId?: number }): Promise<Staff> {
    const [found] = await list(accountId, where);
    if (!found) throw notFound('Staff member');
    return found;
  }

  return {
    list,
    get,

    /** Adds a member with the given flags; a new user gets an e-mail with a code to set a password. */
    async invite(
      accountId: number,
      input: { email: string; first_name: string; last_name: string; permissions: PermissionsInput },
    ) {
      const [account] = await db
        .select({ name: accounts.name })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      if (!account) throw notFound('Account');
      const known = await findUserByEmail(db, input.email);
      // Nobody knows this random password: the invitee sets their own with the e-mailed code. Hashed
      // before the transaction, which should not hold its connection through argon2.
      const passwordHash = known ? null : await hashPassword(randomBytes(32).toString('base64url'));
      // The new user and the membership commit together. A concurrent invite of the same e-mail waits
      // for this one's user row, then finds the membership taken: the unique index's 409, nothing written.
      const { user, isNewUser, member } = await db.transaction(async (tx) => {
        let user = known;
        let isNewUser = false;
        if (!user && passwordHash) {
          [user] = await tx
            .insert(users)
            .values({
              email: input.email,
              firstName: input.first_name,
              lastName: input.last_name,
              passwordHash,
            })
            .onConflictDoNothing()
            .returning();
          isNewUser = user !== undefined;
          user ??= await findUserByEmail(tx, input.email);
        }
        if (!user) throw new Error('user not created');
        const [existing] = await tx
          .select({ id: members.id })
          .from(members)
          .where(and(eq(members.accountId, accountId), eq(members.userId, user.id)));
        if (existing) throw alreadyMember();
        const [member] = await tx
          .insert(members)
          .values({ accountId, userId: user.id, permissions: input.permissions })
          .returning({ id: members.id });
        if (!member) throw new Error('member not created');
        return { user, isNewUser, member };
      });
      // A session of theirs that already chose this account now has a membership in it.
      await sessions.forgetUser(user.id, accountId);

      const signIn = `${config.publicUrl}/log-in`;
      if (isNewUser) {
        const code = await usersService.issueCode(user.id, INVITE_CODE_TTL_MS);
        const link = `${config.publicUrl}/new-password?email=${encodeURIComponent(user.email)}&code=${code}`;
        await mailer.send({
          to: user.email,
          accountId,
          subject: `You are invited to ${account.name} on Funnelwork`,
          text: `You were invited to join ${account.name} on Funnelwork.\n\nSet your password with the code ${code} at ${link}\n\nThe code is valid for 7 days. Then sign in at ${signIn}`,
        });
      } else {
        await mailer.send({
          to: user.email,
          accountId,
          subject: `You now have access to ${account.name} on Funnelwork`,
          text: `You were added to ${account.name} on Funnelwork. Sign in at ${signIn} and choose the account.`,
        });
      }
      return get(accountId, { memberId: member.id });
    },

    async update(accountId: number, memberId: number, permissions: PermissionsInput) {
      const target = await get(accountId, { memberId });
      if (target.owner)
        throw new HttpError(422, 'The account owner is always an administrator', 'owner_permissions');
      await db
        .update(members)
        .set({ permissions })
        .where(and(eq(members.id, memberId), eq(members.accountId, accountId)));
      await sessions.forgetUser(target.user_id, accountId);
      return get(accountId, { memberId });
    },

    async remove(accountId: number, memberId: number) {
      const target = await get(accountId, { memberId });
      if (target.owner) throw new HttpError(422, 'The account owner cannot be removed', 'owner_removal');
      await db.delete(members).where(and(eq(members.id, memberId), eq(members.accountId, accountId)));
      await revokeSessions(db, sessions, { userId: target.user_id, accountId });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
