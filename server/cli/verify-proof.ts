/**
 * `npm run verify-proof -- <file.json> --user <your UID>`: checks a proof of liabilities outside the app (issue 23
 * part 6). The file holds the `data` of both answers, `{"latest": <GET proof/latest>, "mine": <GET proof/mine>}`; the
 * UID (shown in Mine) must be the leaf's. Prints what was checked and exits 0 when the user's balances are included in
 * the published liabilities, 1 when not, 2 on usage.
 */
import { readFileSync } from 'node:fs'
import { checkProof } from '../../common/proof/verify'

const [file, flag, uid] = process.argv.slice(2)
if (!file || flag !== '--user' || !uid || !/^[1-9]\d{0,9}$/.test(uid) || process.argv.length > 5) {
  process.stderr.write(
    'usage: npm run verify-proof -- <file.json> --user <your UID>   (file: {"latest": …, "mine": …})\n',
  )
  process.exit(2)
}
let json: unknown
try {
  json = JSON.parse(readFileSync(file, 'utf8'))
} catch (err) {
  process.stderr.write(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(2)
}
const result = checkProof(json, Number(uid))
if (!result.ok) {
  process.stdout.write(`NOT VERIFIED: ${result.failure}${result.detail ? ` (${result.detail})` : ''}\n`)
  process.exit(1)
}
const { proof, balances } = result
process.stdout.write(
  `VERIFIED: your balances (${balances.map((b) => `${b.amount} ${b.currency}`).join(', ')}) are included in the ` +
    `liabilities of proof #${proof.id} at ${proof.created_at} (root ${proof.root}, ${proof.leaf_count} users):\n`,
)
for (const t of proof.totals) {
  process.stdout.write(
    `  ${t.currency.padEnd(8)} liabilities ${t.liabilities}, reserves ${t.reserves ?? 'not published'}\n`,
  )
}
