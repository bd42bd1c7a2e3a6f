// Runs the command in argv (Hardhat's network node) and stops it when this process's stdin closes, i.e. when the
// process that started the dev chain ends in any way (kill -9 included): the dev chain never outlives its parent.
// The node's output is passed on through this process, errors of a closed pipe ignored, so that the node does not
// depend on its starter's pipes (only the stdin watch ends it).
import { spawn } from 'node:child_process'

const child = spawn(process.argv[2], process.argv.slice(3), { stdio: ['ignore', 'pipe', 'pipe'] })
for (const out of [process.stdout, process.stderr]) out.on('error', () => {})
child.stdout.on('data', (b) => process.stdout.write(b))
child.stderr.on('data', (b) => process.stderr.write(b))
const stop = () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')
process.stdin.on('end', stop)
process.stdin.on('close', stop)
process.stdin.resume()
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, stop)
child.on('exit', (code) => process.exit(code ?? 0))
