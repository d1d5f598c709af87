import { mapTexts } from "./copy";

/** What the colours and marks on the map mean. */
export function Legend() {
  return (
    <section className="mx-legend" aria-label={mapTexts.legend}>
      <ul className="mx-legend__list">
        <li>
          <span className="mx-legend__swatch mx-legend__swatch--unowned" aria-hidden="true" />
          {mapTexts.legendUnowned}
        </li>
        <li>
          <span className="mx-legend__swatch mx-legend__swatch--owned" aria-hidden="true" />
          {mapTexts.legendOwned}
          <span className="mx-legend__hint"> {mapTexts.legendOwnedHint}</span>
        </li>
        <li>
          <span className="mx-legend__swatch mx-legend__swatch--sale" aria-hidden="true">
            $
          </span>
          {mapTexts.legendForSale}
        </li>
        <li>
          <span className="mx-legend__swatch mx-legend__swatch--developed" aria-hidden="true">
            2
          </span>
          {mapTexts.legendDeveloped}
          <span className="mx-legend__hint"> {mapTexts.legendDevelopedHint}</span>
        </li>
        <li>
          <span className="mx-legend__swatch mx-legend__swatch--works" aria-hidden="true" />
          {mapTexts.legendScaffolding}
          <span className="mx-legend__hint"> {mapTexts.legendScaffoldingHint}</span>
        </li>
        <li>
          <span className="mx-legend__swatch mx-legend__swatch--selected" aria-hidden="true" />
          {mapTexts.legendSelected}
        </li>
      </ul>
    </section>
  );
}
