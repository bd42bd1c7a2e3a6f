/**
 * Accounts: users, sessions, verification codes and their outbox, wallet sign-in nonces, rate-limit counters, the
 * audit log, uploads and identity submissions. Secrets are stored only as hashes (argon2id for passwords, SHA-256
 * for session tokens and codes).
 */
import type { Book } from '../../common/api/user-info'
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  primaryKey,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const at = (name: string) => timestamp(name, { withTimezone: true })

/** Account roles: `operator` may call /api/admin/*. Only the CLI makes operators. */
export const ROLES = ['user', 'operator'] as const
export type Role = (typeof ROLES)[number]

/**
 * A user. At least one of email, phone or wallet identifies the account. `email` is stored lower-cased,
 * `phone` as digits with its `area_code` (no "+"), `wallet_address` lower-cased 0x hex.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email'),
    areaCode: text('area_code'),
    phone: text('phone'),
    walletAddress: text('wallet_address'),
    /** argon2id PHC string; null for a wallet-only account. */
    passwordHash: text('password_hash'),
    /** Transaction (withdrawal) password, argon2id; null until set. */
    payPasswordHash: text('pay_password_hash'),
    /** This user's own invitation code (unique, upper-case letters and digits). */
    inviteCode: text('invite_code').notNull(),
    inviterId: integer('inviter_id'),
    role: text('role').$type<Role>().notNull().default('user'),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    passwordChangedAt: at('password_changed_at'),
    /**
     * The anti-phishing code the user chose (issue 24 part 7): every e-mail to the account's own address starts with
     * it, so a message without it is not ours. Null until set.
     */
    antiPhishing: text('anti_phishing'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email').on(t.email),
    uniqueIndex('users_phone').on(t.areaCode, t.phone),
    uniqueIndex('users_wallet').on(t.walletAddress),
    uniqueIndex('users_invite_code').on(t.inviteCode),
    index('users_inviter').on(t.inviterId),
    check('users_role_check', sql`${t.role} in ('user', 'operator')`),
    check('users_status_check', sql`${t.status} in ('active', 'disabled')`),
    check(
      'users_identified_check',
      sql`${t.email} is not null or ${t.phone} is not null or ${t.walletAddress} is not null`,
    ),
  ],
)

/** A session: the client holds the random token, the server only its SHA-256 (hex). */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    /** Absolute expiry, fixed at login. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /** The book the session acts on (issue 10: demo account); a new session starts on `live`. */
    book: text('book').$type<Book>().notNull().default('live'),
    createdAt: createdAt(),
  },
  (t) => [
    check('sessions_book_check', sql`${t.book} in ('live', 'demo')`),
    uniqueIndex('sessions_token_hash').on(t.tokenHash),
    index('sessions_user').on(t.userId),
  ],
)

/** Why a code was sent. */
export const CODE_PURPOSES = ['register', 'bind_email', 'reset_password'] as const
export type CodePurpose = (typeof CODE_PURPOSES)[number]

/** A verification code sent by e-mail or SMS; single use, short-lived, a few attempts. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    /** E-mail (lower-case) or `<area_code> <phone>`. */
    target: text('target').notNull(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_target').on(t.target, t.purpose, t.createdAt.desc())],
)

/** Every message the server sends (codes); with no SMTP/SMS provider this table is the delivery. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** `outbox` (not sent anywhere), `sent`, `failed`. */
    status: text('status').$type<'outbox' | 'sent' | 'failed'>().notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_recipient').on(t.recipient, t.createdAt.desc())],
)

/** Nonces handed out for Sign-In with Ethereum; consumed once. */
export const siweNonces = pgTable('siwe_nonces', {
  nonce: text('nonce').primaryKey(),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
  createdAt: createdAt(),
})

/** Fixed-window counters for rate limits (`key` e.g. `login:acct:<email>`); shared by every server process. */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
)

/** Security log (reliability S3): who did what, when, with what result. Never tokens or passwords. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    result: text('result').notNull(),
    detail: text('detail').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_user').on(t.userId, t.createdAt.desc())],
)

/** An uploaded image, re-encoded; the file is `<DATA_DIR>/uploads/<storage_name>`, outside the web root. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageName: text('storage_name').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploads_storage_name').on(t.storageName), index('uploads_user').on(t.userId)],
)

/** Identity tiers and review states (spec §4). */
export const IDENTITY_LEVELS = ['basic', 'advanced'] as const
export type IdentityLevel = (typeof IDENTITY_LEVELS)[number]
export const IDENTITY_STATES = ['review', 'verified', 'rejected'] as const
export type IdentityState = (typeof IDENTITY_STATES)[number]
export const DOCUMENT_TYPES = ['id_card', 'driver_license'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/** One identity submission; a rejected one stays as history and a new row is the re-submission. */
export const identitySubmissions = pgTable(
  'identity_submissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level').$type<IdentityLevel>().notNull(),
    status: text('status').$type<IdentityState>().notNull().default('review'),
    name: text('name'),
    idNumber: text('id_number'),
    city: text('city'),
    email: text('email'),
    docType: text('doc_type').$type<DocumentType>(),
    frontUploadId: integer('front_upload_id').references(() => uploads.id),
    backUploadId: integer('back_upload_id').references(() => uploads.id),
    selfieUploadId: integer('selfie_upload_id').references(() => uploads.id),
    rejectReason: text('reject_reason'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('identity_user').on(t.userId, t.level, t.createdAt.desc()),
    index('identity_status').on(t.status, t.createdAt),
    // At most one open (in review) or verified submission per tier: a double submit cannot queue two reviews.
    uniqueIndex('identity_one_open')
      .on(t.userId, t.level)
      .where(sql`status in ('review', 'verified')`),
    check('identity_level_check', sql`${t.level} in ('basic', 'advanced')`),
    check('identity_status_check', sql`${t.status} in ('review', 'verified', 'rejected')`),
  ],
)

/**
 * The markets a user starred (issue 24 part 1), kept per account so they follow the user to another device: feed
 * symbols, newest first (the app's own order), at most MAX_FAVOURITES (common/api/favourites.ts).
 */
export const favourites = pgTable('favourites', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  symbols: text('symbols')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/**
 * Two-factor authentication by TOTP (RFC 6238; issue 24 part 7), one row per user who started enrolling. `secret` is
 * the active base32 secret (null while off); `pending_secret` the one shown at enrolment until a code from it turns
 * it on; `last_step` the 30 s step of the last accepted code (a code is accepted once: RFC 6238 §5.2);
 * `recovery_hashes` SHA-256 (hex) of the unused recovery codes (each used once, then removed). The secret is kept as
 * is: the server must compute codes from it (there is no hash to store), like every TOTP verifier.
 */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  lastStep: bigint('last_step', { mode: 'number' }),
  recoveryHashes: text('recovery_hashes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  enabledAt: at('enabled_at'),
})

/**
 * Device tokens (issue 24 part 7; OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to the account with its password is given a random token (stored here as its SHA-256); sent back with a
 * later sign-in it earns the browser its own failure budget, outside the account's (auth/login-devices.ts).
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('login_devices_token_hash').on(t.tokenHash), index('login_devices_user').on(t.userId)],
)
