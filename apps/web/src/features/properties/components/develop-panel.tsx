import { DEVELOPMENT_KINDS, DEVELOPMENTS, MAX_DEVELOPMENT_LEVEL } from "@mx/shared/constants";
import { disputeTexts, serverMessages } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import type { DevelopmentOption } from "@mx/shared/schemas/developments";
import type { Property } from "@mx/shared/schemas/properties";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Button } from "../../../components/ui/button";
import { LoadError } from "../../../components/ui/load-error";
import { errorMessage } from "../../../lib/api-client";
import { formatCountdown, formatDuration, spokenCountdown } from "../../../lib/countdown";
import { queryKeys } from "../../../lib/query-keys";
import { useDevelopments } from "../api/get-developments";
import { developCopy } from "../copy";
import { useCountdown } from "../use-countdown";
import "../../../components/ui/amount-lines.css";
import "./develop-panel.css";

/** How long to wait before asking again whether a construction whose time is up has been counted as finished. */
const FINISH_RECHECK_MS = 2000;

type StepState = "built" | "building" | "next" | "later";

function stepState(level: number, development: Property["development"]): StepState {
  if (level <= development.level) return "built";
  if (development.constructing && level === development.level + 1) return "building";
  if (level === development.level + 1) return "next";
  return "later";
}

const stepLabels: Record<StepState, string> = {
  built: developCopy.built,
  building: developCopy.building,
  next: developCopy.next,
  later: developCopy.later,
};

/**
 * Property Details' Develop section. Everyone sees how far the building is developed and, while a construction
 * runs, the scaffolding and its countdown; the owner also sees the next development with its price, fee, tax, total
 * and construction time (or why it cannot be started now) and the way to pay for it.
 */
export function DevelopPanel({
  property,
  isOwner,
  onDevelop,
}: {
  property: Property;
  isOwner: boolean;
  onDevelop: (option: DevelopmentOption) => void;
}) {
  const { development } = property;
  const options = useDevelopments(property._id, isOwner);
  const left = useCountdown(development.constructing ? development.completesAt : null);
  const buildingKind = development.kind ?? DEVELOPMENT_KINDS[development.level];
  const buildingName = buildingKind ? DEVELOPMENTS[buildingKind].name : "";
  const isTimeUp = development.constructing && left === 0;
  useFinishRecheck(isTimeUp);

  const wanted = development.level + (development.constructing ? 2 : 1);
  const next = options.data?.options.find((o) => o.level === wanted) ?? null;
  // What the building's own state forbids, said before Develop is pressed even if the options were read earlier.
  const blocked = property.frozen
    ? disputeTexts.buildingFrozen
    : property.forSale
      ? serverMessages.developWhileForSale
      : development.constructing
        ? serverMessages.developWhileConstructing
        : null;

  return (
    <section
      className="develop"
      aria-labelledby="develop-title"
      data-development-level={development.level}
      data-constructing={development.constructing}
    >
      <div className="develop__heading">
        <h2 id="develop-title" className="develop__title">
          {developCopy.title}
        </h2>
        <p className="develop__level">
          {development.level === 0 ? developCopy.undeveloped : developCopy.levelOf(development.level)}
        </p>
      </div>

      <DevelopSteps development={development} />

      {development.constructing && left !== null ? (
        <ConstructionWorks buildingName={buildingName} left={left} isTimeUp={isTimeUp} />
      ) : null}

      {development.level >= MAX_DEVELOPMENT_LEVEL ? (
        <p className="develop__note">{developCopy.fullyDeveloped}</p>
      ) : null}

      {isOwner && development.level < MAX_DEVELOPMENT_LEVEL ? (
        <>
          {options.isPending ? (
            <p className="develop__note" role="status">
              {developCopy.loading}
            </p>
          ) : null}
          <LoadError onRetry={() => void options.refetch()} isRetrying={options.isFetching}>
            {options.isError ? errorMessage(options.error, developCopy.loadFailed) : null}
          </LoadError>
          {next ? <NextDevelopment option={next} blocked={blocked} onDevelop={onDevelop} /> : null}
        </>
      ) : null}
    </section>
  );
}

/** Once a construction's time is up the server counts it as finished: ask again until it does. */
function useFinishRecheck(isTimeUp: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isTimeUp) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.properties.all });
    refresh();
    const timer = window.setInterval(refresh, FINISH_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [isTimeUp, queryClient]);
}

/** Every development level in order, each marked built, building, next or later. */
function DevelopSteps({ development }: { development: Property["development"] }) {
  return (
    <ol className="develop-steps" aria-label={developCopy.stepsLabel}>
      {DEVELOPMENT_KINDS.map((kind) => {
        const { level, name } = DEVELOPMENTS[kind];
        const state = stepState(level, development);
        return (
          <li key={kind} className={`develop-step develop-step--${state}`}>
            <span className="develop-step__mark" aria-hidden="true">
              {state === "built" ? "✓" : level}
            </span>
            <span className="develop-step__name">{name}</span>
            <span className="develop-step__state">{stepLabels[state]}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** The scaffolding of a running construction and its countdown, shown to the eye and told to a screen reader. */
function ConstructionWorks({
  buildingName,
  left,
  isTimeUp,
}: {
  buildingName: string;
  left: number;
  isTimeUp: boolean;
}) {
  return (
    <div className="develop-works">
      <p className="develop-works__text">{developCopy.scaffolding(buildingName)}</p>
      <p className="develop-works__clock">
        <span className="develop-works__label">{developCopy.finishesIn}</span>{" "}
        <span aria-hidden="true" className="develop-works__time">
          {isTimeUp ? developCopy.finishing : formatCountdown(left)}
        </span>
      </p>
      {/* The clock ticks every second; a screen reader hears the time left only when its words change. */}
      <p className="visually-hidden" role="status">
        {developCopy.spokenLeft(buildingName, spokenCountdown(left))}
      </p>
    </div>
  );
}

function NextDevelopment({
  option,
  blocked,
  onDevelop,
}: {
  option: DevelopmentOption;
  /** Why the building cannot be developed now, whatever the option says. */
  blocked: string | null;
  onDevelop: (option: DevelopmentOption) => void;
}) {
  const reasonId = `develop-reason-${option.kind}`;
  // The server's own reason when it gives one (it names the hour a construction ends).
  const reason = option.available ? blocked : (option.reason ?? blocked);
  const available = option.available && blocked === null;
  return (
    <div className="develop-next" data-kind={option.kind}>
      <h3 className="develop-next__title">{developCopy.nextTitle(option.name)}</h3>
      <p className="develop-next__description">{option.description}</p>
      <dl className="amount-lines">
        <div className="amount-lines__row">
          <dt>{developCopy.cost}</dt>
          <dd>{formatDollars(option.price)}</dd>
        </div>
        <div className="amount-lines__row">
          <dt>{developCopy.salesTax}</dt>
          <dd>{formatDollars(option.tax)}</dd>
        </div>
        <div className="amount-lines__row">
          <dt>{developCopy.processingFee}</dt>
          <dd>{formatDollars(option.fee)}</dd>
        </div>
        <div className="amount-lines__row">
          <dt>{developCopy.duration}</dt>
          <dd>{formatDuration(option.durationSeconds)}</dd>
        </div>
        <div className="amount-lines__row amount-lines__row--total">
          <dt>{developCopy.total}</dt>
          <dd>{formatDollars(option.total)}</dd>
        </div>
      </dl>
      <p className="develop__note">{developCopy.valueNote}</p>
      {available ? null : (
        <p id={reasonId} className="develop-next__reason">
          {reason}
        </p>
      )}
      <Button
        block
        className="btn--large"
        disabled={!available}
        aria-describedby={available ? undefined : reasonId}
        onClick={() => onDevelop(option)}
      >
        {developCopy.develop(option.name)}
      </Button>
    </div>
  );
}
