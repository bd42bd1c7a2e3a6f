/**
 * Child process of the crash-guard test: the process guards `runMain` installs (server/main.ts), then a gateway whose
 * feed, while answering a `req` on eurusd, throws from a timer and leaves a promise rejected with nobody awaiting it —
 * the two ways a handler's async bug reaches the process. Prints `PORT <n>` once listening. Exits when its stdin (a
 * pipe from the test) closes: the test process ended, whatever way.
 */
import { installProcessGuards } from '../../server/main'
import { testGateway, testHub } from './market-hub'

installProcessGuards()
const hub = testHub()
const feed = {
  hasSymbol: (s: string) => hub.hasSymbol(s),
  attach: hub.attach.bind(hub),
  request: (...args: Parameters<typeof hub.request>) => {
    if (args[0].symbol === 'eurusd') {
      setTimeout(() => {
        throw new Error('boom in a timer')
      })
      void Promise.reject(new Error('boom in a promise'))
    }
    return hub.request(...args)
  },
}
const { gw } = await testGateway(hub, { feed })
process.stdout.write(`PORT ${gw.port}\n`)
process.stdin.resume()
process.stdin.on('end', () => process.exit(0))
