import { Trans } from '@lingui/react/macro'

/**
 * The deposit notes of spec §9, for the chosen currency and network; `watched`: the venue follows the chain and
 * credits the user's own address (no form), else the transfer is matched by hand from the form below.
 */
export function DepositNotes({ currency, chain, watched }: { currency: string; chain: string; watched: boolean }) {
  return (
    <section className="fd-card fd-notes">
      <h2 className="fd-notes__title">
        <Trans id="funds.notesTitle">Before you send</Trans>
      </h2>
      <ul>
        <li>
          <Trans id="funds.noteNetwork">
            Send only {currency} over {chain} to this address. Anything else may be lost.
          </Trans>
        </li>
        <li>
          <Trans id="funds.noteSimpleSend">Only a simple send is supported, not a contract call.</Trans>
        </li>
        <li>
          <Trans id="funds.noteConfirmations">
            After 1 network confirmation the deposit is credited; after 6 confirmations it can be withdrawn.
          </Trans>
        </li>
        <li>
          <Trans id="funds.noteAddress">This address rarely changes. Check it here again before each deposit.</Trans>
        </li>
        <li>
          {watched ? (
            <Trans id="funds.noteWatched">
              No form to fill in: the deposit appears in your deposit history as soon as the network sees it.
            </Trans>
          ) : (
            <Trans id="funds.noteClaim">After sending, fill in the form below so we can match your transfer.</Trans>
          )}
        </li>
      </ul>
    </section>
  )
}
