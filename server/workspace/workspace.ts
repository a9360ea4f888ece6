import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { StaffLimitsConfig } from "#core/config/staff-limits.ts";
import type { CompanyFacts } from "#core/content/company-facts.ts";
import type { InboxQuery } from "#core/leads/inbox-query.ts";
import type { LeadKind, Tombstone } from "#core/leads/model.ts";
import type { Database } from "../db/database.ts";
import { failedDeliveries, insecureMailServerNotice, waitingEmails } from "../delivery/counts.ts";
import type { NiKeys } from "../leads/protect.ts";
import { overdueCount } from "../leads/waiting.ts";
import { networkKey } from "../protection/client-address.ts";
import { type RateLimit, takeRateLimit } from "../protection/rate-limit.ts";
import { listLeads, spamCaught } from "../tables/leads/search.ts";
import { leadReplies } from "../tables/replies.ts";
import * as commands from "./inbox/commands.ts";
import { exportLeads } from "./inbox/export.ts";
import * as notifications from "./notifications.ts";
import * as owners from "./owners.ts";
import * as passkeys from "./passkeys.ts";
import { type RelyingParty, relyingParty } from "./relying-party.ts";
import * as replies from "./replies.ts";
import { confirmationWindowMs, endSession, readSession, type StaffMember } from "./sessions.ts";
import { defaultSignInLimit } from "./sign-in-limit.ts";
import * as team from "./team.ts";

export type WorkspaceOptions = {
  db: Database;
  /** Decrypts National Insurance numbers for a reveal: the current key and any previous ones. */
  niKey: NiKeys;
  /** Hashes client addresses for the sign-in rate limit. */
  ipSalt: string;
  /** The site's public address (PUBLIC_URL), when set: passkeys and e-mailed links use it. */
  publicUrl?: string | undefined;
  /** Passkey sign-in attempts allowed per client address in each window. */
  signInLimit?: { limit: number; windowMs: number };
  /** Passkey challenges issued per client address in the time one lives (see defaultChallengeLimit). */
  challengesPerAddress?: number;
  /** The clock; tests move it. */
  clock?: () => number;
  /** Called when an e-mail was put back in the queue, so the outbox can send it at once. */
  onMailQueued?: () => void;
  /** False when no SMTP server is configured: every workspace page then says how much mail waits. */
  mailConfigured?: boolean;
  /** The company's inbox for each kind of lead: the Reply-To of replies sent from the workspace. */
  replyTo?: Record<LeadKind, string>;
  /** The company's facts published now (Site content), for the replies' signature. */
  company?: () => CompanyFacts;
  /** The caps on every e-mail staff write, replies among them (core/config/staff-limits.ts unless lowered). */
  staffLimits?: StaffLimitsConfig;
  /**
   * What is kept of a deleted lead. The lifecycle's deletion leaves tombstones (their owner is
   * tables/tombstones.ts); the composition root passes the reader in.
   */
  tombstoneOf: (reference: string) => Promise<Tombstone | null>;
};

/**
 * Challenges (each one stored until it is used or expires) issued per client address in the time one
 * lives: far more than anyone signing in needs, and a bound on what one address can make us store.
 */
export const defaultChallengeLimit = { limit: 30, windowMs: passkeys.challengeLifetimeMs };

/**
 * The staff workspace's services, built once by the composition root (server/services.ts) and handed to
 * loaders and actions through the router context. Every method takes plain values and the database
 * and keys stay inside, so routes hold no database code and cannot reach it.
 */
export function createWorkspace(options: WorkspaceOptions) {
  const { db, publicUrl } = options;
  const now = options.clock ?? Date.now;
  const signInLimit = options.signInLimit ?? defaultSignInLimit;
  const challengeLimit = {
    ...defaultChallengeLimit,
    limit: options.challengesPerAddress ?? defaultChallengeLimit.limit,
  };
  const secureSite = publicUrl !== undefined && new URL(publicUrl).protocol === "https:";

  function signInRate(clientAddress: string): RateLimit {
    return { key: `staff-sign-in:${networkKey(clientAddress, options.ipSalt)}`, ...signInLimit };
  }

  return {
    now,
    /** Where passkeys are bound for a request, or null when this address cannot have them. */
    relyingParty: (requestUrl: URL): RelyingParty | null => relyingParty(publicUrl, requestUrl),
    /** The site's own base URL for links in e-mails and on the command line. */
    baseUrl: (fallback: string): string => publicUrl ?? fallback,
    /**
     * Whether the session cookie is `Secure` with the `__Host-` prefix for a request to this address:
     * always when the site's public address is https, whatever a proxy in front reports; otherwise
     * when the request itself came over https, or to localhost (which browsers treat as secure).
     */
    secureCookie: (requestUrl: URL): boolean =>
      secureSite || requestUrl.protocol === "https:" || requestUrl.hostname === "localhost",

    /** The member of staff a session cookie belongs to, or null. */
    currentStaff: (token: string | undefined): Promise<StaffMember | null> =>
      token ? readSession(db, token, now()) : Promise.resolve(null),
    signOut: (token: string): Promise<void> => endSession(db, token),

    /** Whether this address may try another passkey sign-in now; counts the attempt when it may. */
    async allowSignInAttempt(
      clientAddress: string,
    ): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      return takeRateLimit(db, signInRate(clientAddress), now());
    },

    /** Whether this address may be given another passkey challenge now; counts it when it may. */
    allowChallenge(clientAddress: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      return takeRateLimit(
        db,
        { key: `staff-challenge:${networkKey(clientAddress, options.ipSalt)}`, ...challengeLimit },
        now(),
      );
    },

    registrationOptions: (token: string, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> =>
      passkeys.registrationOptions(db, token, rp, now()),
    /** Makes a passkey from an invitation; the person is e-mailed that a passkey was added. */
    async register(token: string, response: RegistrationResponseJSON, rp: RelyingParty): Promise<string> {
      const session = await passkeys.register(db, token, response, rp, now());
      options.onMailQueued?.();
      return session;
    },
    authenticationOptions: (
      rp: RelyingParty,
      confirming?: StaffMember,
    ): Promise<PublicKeyCredentialRequestOptionsJSON> =>
      passkeys.authenticationOptions(db, rp, now(), confirming),
    signIn: (response: AuthenticationResponseJSON, rp: RelyingParty): Promise<string> =>
      passkeys.signIn(db, response, rp, now()),
    confirm: (me: StaffMember, response: AuthenticationResponseJSON, rp: RelyingParty): Promise<void> =>
      passkeys.confirm(db, me, response, rp, now()),

    findInvitation: (token: string) => team.findInvitation(db, token, now()),
    /**
     * Invites someone (see team.invite): someone new gets a link back for the inviter to pass on; someone
     * already on the team is e-mailed it, at the site's public address or else `origin`, and no link comes back.
     */
    async invite(
      input: {
        email: string;
        name?: string;
        admin?: boolean;
        vacancies?: boolean;
        editContent?: boolean;
        approveContent?: boolean;
        invitedBy?: number | null;
      },
      origin?: string,
    ) {
      const siteUrl = publicUrl ?? origin;
      const invited = await team.invite(db, { ...input, ...(siteUrl ? { siteUrl } : {}) }, now());
      if (invited.existing) options.onMailQueued?.();
      return invited;
    },
    /**
     * Makes someone an administrator or not, or lets them manage vacancies, edit or approve site content
     * or not; false when they are not on the team.
     */
    setPermissions: (
      staffId: number,
      change: { admin?: boolean; vacancies?: boolean; editContent?: boolean; approveContent?: boolean },
      me: StaffMember,
    ) => team.setPermissions(db, { staffId, ...change, by: me.id, now: now() }),
    listTeam: () => team.listTeam(db),
    revoke: (email: string, by: number | null) => team.revoke(db, email, by, now()),
    /** Everyone's passkeys (for an administrator), or one person's own. */
    listPasskeys: (me: StaffMember) => passkeys.listPasskeys(db, me.isAdmin ? null : me.id),
    /** Removes a passkey and ends the sessions it opened; administrators any, others only their own. */
    removePasskey: (passkeyId: string, me: StaffMember) =>
      passkeys.removePasskey(db, { passkeyId, by: me, now: now() }),
    /**
     * True when this person proved it was them recently enough to export personal data, download a
     * document, reveal an NI number or take an administrator's action (the team page) now.
     */
    recentlyConfirmed: (me: StaffMember): boolean => now() - me.confirmedAt < confirmationWindowMs,
    /** E-mails and webhooks that failed for good, for the notice at the top of every workspace page. */
    failedDeliveries: () => failedDeliveries(db),
    /** With no SMTP server configured, how many e-mails wait for one; null when mail can leave. */
    mailNotSetUp: async (): Promise<{ waiting: number } | null> =>
      options.mailConfigured === false ? { waiting: await waitingEmails(db) } : null,
    /** E-mails held back because the mail server cannot be reached securely, and why; null when none are. */
    mailNotSecure: () => insecureMailServerNotice(db),
    /** How many leads are past their reply promise without an answer, for every workspace page. */
    overdueCount: () => overdueCount(db, now()),

    /** Which new leads each person receives, and who asked for the morning summary. */
    notificationSettings: () => notifications.notificationSettings(db),
    /** Replaces which new leads a person receives (an administrator's choice). */
    saveNotifications: (staffId: number, routes: readonly string[]) =>
      notifications.saveNotifications(db, staffId, routes),
    /** Turns one's own morning summary on or off. */
    setDailySummary: (me: StaffMember, on: boolean) => notifications.setDailySummary(db, me.id, on, now()),
    /** Everyone who can own a lead. */
    possibleOwners: () => owners.possibleOwners(db),

    /** The leads inbox: every method acts for one signed-in member of staff and keeps the timeline. */
    inbox: {
      list: (query: InboxQuery, me?: StaffMember) => listLeads(db, query, { me: me?.id ?? null, now: now() }),
      /** How many submissions each spam layer caught in the last seven days. */
      spamCaught: () => spamCaught(db, now()),
      /** One lead, marked opened (and recorded) the first time anyone opens it; null when unknown. */
      async open(reference: string, me: StaffMember) {
        await commands.openLead(db, reference, me.id, now());
        return commands.getLead(db, options.niKey, reference);
      },
      changeStatus: (reference: string, status: string, me: StaffMember) =>
        commands.changeStatus(db, { reference, status, staffId: me.id, now: now() }),
      addNote: (reference: string, body: string, me: StaffMember) =>
        commands.addNote(db, { reference, body, staffId: me.id, now: now() }),
      revealNiNumber: (reference: string, me: StaffMember) =>
        commands.revealNiNumber(db, options.niKey, { reference, staffId: me.id, now: now() }),
      setKeepConsent: (reference: string, agreed: boolean, me: StaffMember) =>
        commands.setKeepConsent(db, { reference, agreed, staffId: me.id, now: now() }),
      async retryMail(reference: string, mailId: number, me: StaffMember) {
        const outcome = await commands.retryMail(db, { reference, mailId, staffId: me.id, now: now() });
        if (outcome.ok) options.onMailQueued?.();
        return outcome;
      },
      /** What is kept of a deleted lead (kind, dates, why); null when no lead of that reference was deleted. */
      tombstone: (reference: string) => options.tombstoneOf(reference),
      /** The lead's owner and when it was first answered; null when there is no such lead. */
      ownerOf: (reference: string) => owners.ownerOf(db, reference),
      assign: (reference: string, ownerId: number | null, me: StaffMember) =>
        owners.assignOwner(db, { reference, ownerId, staffId: me.id, now: now() }),
      /** The replies sent from the workspace, with their words and where each e-mail stands. */
      replies: (reference: string) => leadReplies(db, reference),
      async sendReply(reference: string, reply: { subject: string; body: string }, me: StaffMember) {
        const outcome = await replies.sendReply(db, {
          reference,
          ...reply,
          staffId: me.id,
          now: now(),
          replyTo: options.replyTo ?? { enquiry: "", application: "" },
          company: options.company?.(),
          limits: options.staffLimits,
          teamUrl: publicUrl && `${publicUrl}/staff/team`,
        });
        if (outcome.ok || ("limited" in outcome && outcome.alerted)) options.onMailQueued?.();
        return outcome;
      },
      downloadDocument: (reference: string, documentId: number, me: StaffMember) =>
        commands.downloadDocument(db, { reference, documentId, staffId: me.id, now: now() }),
      export: (query: InboxQuery, me: StaffMember) => exportLeads(db, query, { staffId: me.id, now: now() }),
    },
  };
}

export type Workspace = ReturnType<typeof createWorkspace>;
export type { StaffMember } from "./sessions.ts";
