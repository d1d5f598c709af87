import { formatDollars } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import type { CompletedOffer, OfferwallData } from "@mx/shared/schemas/offerwall";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format-date";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useCompleteSandboxOffer, useOfferwall } from "../api/offerwall";
import { offerwallCopy as copy } from "../copy";
import "../offerwall.css";

/** /offerwall: the player's credits, the partner's wall (or the sandbox's sample offers) and their offers. */
export function OfferwallRoute() {
  useDocumentTitle(copy.title);
  const wall = useOfferwall();
  const complete = useCompleteSandboxOffer();

  return (
    <div className="offerwall">
      <PageHeader title={copy.title} lead={<BackLink to={paths.profile} label={copy.back} />} />
      <p className="offerwall__intro">{copy.intro}</p>

      {wall.isPending ? (
        <p className="offerwall__status" role="status">
          {copy.loading}
        </p>
      ) : wall.isError ? (
        <div className="offerwall__error">
          <ErrorBox>{errorMessage(wall.error, copy.loadFailed)}</ErrorBox>
          <Button variant="secondary" onClick={() => void wall.refetch()} busy={wall.isFetching}>
            {copy.tryAgain}
          </Button>
        </div>
      ) : (
        <>
          <CreditsCard data={wall.data} />
          <OffersCard data={wall.data} complete={complete} />
          <HistoryCard completed={wall.data.completed} />
        </>
      )}
    </div>
  );
}

/** The player's credits: balance, what is usable now, any debt, and today's earnings against the daily cap. */
function CreditsCard({ data }: { data: OfferwallData }) {
  return (
    <section className="offerwall-card" aria-labelledby="offerwall-credits">
      <h2 id="offerwall-credits" className="offerwall-card__title">
        {copy.creditsTitle}
      </h2>
      <dl className="offerwall-credits">
        <div>
          <dt>{copy.balance}</dt>
          <dd className="offerwall-credits__big" data-testid="offerwall-balance" aria-live="polite">
            {formatDollars(data.credits.balance)}
          </dd>
        </div>
        <div>
          <dt>{copy.usable}</dt>
          <dd>{formatDollars(data.credits.usable)}</dd>
        </div>
        {data.credits.debt > 0 ? (
          <div>
            <dt>{copy.debt}</dt>
            <dd>{formatDollars(data.credits.debt)}</dd>
          </div>
        ) : null}
      </dl>
      {data.credits.usableFrom ? (
        <p className="offerwall__note">{copy.usableFrom(formatDateTime(data.credits.usableFrom))}</p>
      ) : null}
      <p className="offerwall__note">
        {copy.today(formatDollars(data.earnedToday), formatDollars(data.dailyCap))}
      </p>
      <p className="offerwall__note">{copy.spend}</p>
    </section>
  );
}

interface OffersCardProps {
  data: OfferwallData;
  complete: ReturnType<typeof useCompleteSandboxOffer>;
}

/** The partner's wall in a frame or, without a partner, the sandbox's sample offers to complete. */
function OffersCard({ data, complete }: OffersCardProps) {
  return (
    <section className="offerwall-card" aria-labelledby="offerwall-offers">
      <h2 id="offerwall-offers" className="offerwall-card__title">
        {copy.offersTitle}
      </h2>
      {data.wallUrl ? (
        <iframe className="offerwall__frame" src={data.wallUrl} title={copy.partnerFrame} />
      ) : (
        <>
          <p className="offerwall__note">{copy.sandboxNote}</p>
          <ErrorBox>{complete.isError ? errorMessage(complete.error, copy.completeFailed) : null}</ErrorBox>
          <ul className="offer-list">
            {data.offers.map((offer) => (
              <li key={offer.id} className="offer">
                <div className="offer__text">
                  <h3 className="offer__name">{offer.name}</h3>
                  <p className="offer__description">{offer.description}</p>
                </div>
                <p className="offer__reward">{copy.reward(formatDollars(offer.reward))}</p>
                <Button
                  variant="secondary"
                  className="offer__action"
                  busy={complete.isPending && complete.variables === offer.id}
                  disabled={complete.isPending}
                  onClick={() => complete.mutate(offer.id)}
                  aria-label={`${copy.complete}: ${offer.name}`}
                >
                  {complete.isPending && complete.variables === offer.id ? copy.completing : copy.complete}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The offers the player completed, with where each stands, or a note when there are none yet. */
function HistoryCard({ completed }: { completed: readonly CompletedOffer[] }) {
  return (
    <section className="offerwall-card" aria-labelledby="offerwall-history">
      <h2 id="offerwall-history" className="offerwall-card__title">
        {copy.historyTitle}
      </h2>
      {completed.length === 0 ? (
        <p className="offerwall__note">{copy.historyEmpty}</p>
      ) : (
        <ul className="offer-history" aria-live="polite">
          {completed.map((offer) => (
            <HistoryRow key={offer.id} offer={offer} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HistoryRow({ offer }: { offer: CompletedOffer }) {
  const detail =
    offer.status === "pending"
      ? copy.willCredit(formatDollars(offer.amount))
      : offer.status === "credited"
        ? copy.credited(formatDollars(offer.credited))
        : formatDollars(Math.abs(offer.credited || offer.amount));
  const capped = offer.status === "credited" && offer.credited < offer.amount;
  return (
    <li className="offer-history__row" data-status={offer.status}>
      <div className="offer-history__text">
        <span className="offer-history__name">{offer.offerName}</span>
        <span className="offer-history__date">{formatDateTime(offer.createdAt)}</span>
      </div>
      <div className="offer-history__figures">
        <span className={`offer-badge offer-badge--${offer.status}`}>{copy.status[offer.status]}</span>
        <span className="offer-history__amount">{detail}</span>
        {capped ? (
          <span className="offer-history__date">
            {copy.cappedNote(formatDollars(offer.amount - offer.credited))}
          </span>
        ) : null}
      </div>
    </li>
  );
}
