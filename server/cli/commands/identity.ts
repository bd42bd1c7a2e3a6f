/**
 * Operator commands of the identity module: list submissions, show one (fields and the photo files on disk), and
 * approve or reject one in review. Decisions go through the same conditional update and audit as the API.
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { SUBMISSION_STATES, type SubmissionState } from '../../../common/api/identity'
import { decideSubmission } from '../../identity/review'
import { accountName, listSubmissions, submissionById } from '../../identity/submissions'
import { serverMessage } from '../../content/server-messages'
import { formatUtc } from '../../db/announcements'
import type { Db } from '../../db/client'
import { uploadById } from '../../uploads/save'
import { uploadPath } from '../../uploads/store'
import { withDomainErrors } from './errors'
import { UsageError, type AdminCommand, type AdminIo } from './types'

/** The data folder of the process running the command (the server's, when run through its admin socket). */
function dataDir(): string {
  return resolve(process.env.DATA_DIR?.trim() || './data')
}

/** `#12 basic review 2025-01-01 10:00:00 UTC user 3 (a@b.c) Name` */
function oneLine(r: Awaited<ReturnType<typeof listSubmissions>>['rows'][number]): string {
  const { s, u } = r
  const who = s.level === 'basic' ? `  ${s.name ?? ''}` : `  ${s.docType ?? ''}`
  return `#${s.id}  ${s.level.padEnd(8)} ${s.status.padEnd(8)} ${formatUtc(s.createdAt)} UTC  user ${s.userId} (${accountName(u)})${who}`
}

function submissionId(arg: string | undefined, usage: string): number {
  if (arg === undefined || !/^\d{1,9}$/.test(arg) || Number(arg) < 1) throw new UsageError(usage)
  return Number(arg)
}

/** Runs a decision through the same service as `admin/identity_review`; a DomainError becomes an English line. */
async function decide(db: Db, io: AdminIo, id: number, decision: 'approve' | 'reject', reason?: string) {
  const r = await withDomainErrors(`submission #${id}`, () =>
    decideSubmission({ db }, { id, decision, reason, reviewerId: null }),
  )
  io.out(`submission #${r.id} is now ${r.status}`)
}

const list: AdminCommand = {
  name: 'identity list',
  usage:
    '  identity list [--status review|verified|rejected]\n                              list identity submissions, newest first (max 200)',
  async run(db, args, io) {
    const { values } = parseArgs({ args, strict: true, options: { status: { type: 'string' } } })
    const status = values.status as SubmissionState | undefined
    if (status !== undefined && !SUBMISSION_STATES.includes(status)) {
      throw new UsageError(`--status must be one of ${SUBMISSION_STATES.join(', ')}`)
    }
    const { rows, total } = await listSubmissions({ db }, { status, page: 1, limit: 200 })
    if (rows.length === 0) io.out('(no submissions)')
    for (const r of rows) io.out(oneLine(r))
    if (total > rows.length) io.out(`… ${total - rows.length} older not shown`)
  },
}

const show: AdminCommand = {
  name: 'identity show',
  usage: '  identity show <id>          print a submission and the paths of its photo files',
  async run(db, args, io) {
    const id = submissionId(args[0], 'identity show <id>')
    if (args.length > 1) throw new UsageError('identity show <id>')
    const row = await submissionById({ db }, id)
    if (!row) throw new Error(`submission #${id}: ${serverMessage('en', 'identitySubmissionNotFound')}`)
    const { s, u } = row
    const lines: [string, string | number | null][] = [
      ['id', s.id],
      ['user', `${s.userId} (${accountName(u)})`],
      ['level', s.level],
      ['status', s.status],
      ['submitted', `${formatUtc(s.createdAt)} UTC`],
      ['name', s.name],
      ['id number', s.idNumber],
      ['city', s.city],
      ['email', s.email],
      ['document', s.docType],
      ['reviewed', s.reviewedAt ? `${formatUtc(s.reviewedAt)} UTC by ${s.reviewedBy ?? 'command line'}` : null],
      ['reason', s.rejectReason],
    ]
    for (const [label, value] of lines) if (value !== null) io.out(`${label.padEnd(10)} ${value}`)
    for (const [label, uploadId] of [
      ['front', s.frontUploadId],
      ['back', s.backUploadId],
      ['selfie', s.selfieUploadId],
    ] as const) {
      if (!uploadId) continue
      const up = await uploadById(db, uploadId)
      io.out(
        `${label.padEnd(10)} ${up ? `${uploadPath(dataDir(), up.storageName)}  (${up.width}×${up.height}, ${up.bytes} bytes)` : `upload ${uploadId} missing`}`,
      )
    }
  },
}

const approve: AdminCommand = {
  name: 'identity approve',
  usage: '  identity approve <id>       approve a submission in review',
  async run(db, args, io) {
    const id = submissionId(args[0], 'identity approve <id>')
    if (args.length > 1) throw new UsageError('identity approve <id>')
    await decide(db, io, id, 'approve')
  },
}

const reject: AdminCommand = {
  name: 'identity reject',
  usage:
    '  identity reject <id> --reason "…"\n                              reject a submission in review; the user reads the reason',
  async run(db, args, io) {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { reason: { type: 'string' } },
    })
    const usage = 'identity reject <id> --reason "…"'
    const id = submissionId(positionals[0], usage)
    if (positionals.length > 1 || !values.reason?.trim()) throw new UsageError(usage)
    await decide(db, io, id, 'reject', values.reason)
  },
}

export const IDENTITY_COMMANDS: readonly AdminCommand[] = [list, show, approve, reject]
