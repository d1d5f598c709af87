import { texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { Link } from "react-router";
import { buttonClassName } from "../../../components/ui/button";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { FeeSchedule } from "../components/fee-schedule";
import { SkylinePreview } from "../components/skyline-preview";
import { landingCopy } from "../copy";
import "../landing.css";

/** The opening screen: what the game is, the ways in (sign up, sign in, the shop) and a preview of the skyline. */
function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__copy">
        <p className="hero__eyebrow">{landingCopy.eyebrow}</p>
        <h1 id="hero-title" className="hero__title">
          {landingCopy.headline}
        </h1>
        <p className="hero__lead">{landingCopy.lead}</p>
        <div className="hero__actions">
          <Link className={buttonClassName("primary", false, "btn--large")} to={paths.signup}>
            {texts.signUp}
          </Link>
          <Link className={buttonClassName("secondary", false, "btn--large")} to={paths.login}>
            {texts.login}
          </Link>
          <Link className={buttonClassName("ghost", false, "btn--large")} to={paths.shop}>
            {texts.shop}
          </Link>
        </div>
        <p className="hero__note">{landingCopy.heroNote}</p>
      </div>
      <SkylinePreview />
    </section>
  );
}

/** The terms in a few lines, beside a last call to sign up or sign in (or visit the shop). */
function TermsSection() {
  return (
    <section className="landing-section landing-section--split" aria-labelledby="terms-title">
      <div>
        <h2 id="terms-title" className="landing-section__title">
          {landingCopy.termsTitle}
        </h2>
        <ul className="terms-list">
          {landingCopy.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </div>
      <div className="cta-card">
        <h2 className="cta-card__title">{landingCopy.ctaTitle}</h2>
        <p className="cta-card__text">{landingCopy.ctaText}</p>
        <div className="cta-card__actions">
          <Link className={buttonClassName("primary")} to={paths.signup}>
            {texts.signUp}
          </Link>
          <Link className={buttonClassName("secondary")} to={paths.login}>
            {texts.login}
          </Link>
        </div>
        <p className="cta-card__shop">
          {landingCopy.shopText} <Link to={paths.shop}>{texts.shop}</Link>
        </p>
      </div>
    </section>
  );
}

export function LandingRoute() {
  useDocumentTitle(landingCopy.title);
  return (
    <div className="landing">
      <Hero />

      <section className="landing-section" aria-labelledby="steps-title">
        <h2 id="steps-title" className="landing-section__title">
          {landingCopy.stepsTitle}
        </h2>
        <p className="landing-section__lead">{landingCopy.stepsLead}</p>
        <ol className="steps">
          {landingCopy.steps.map((step, index) => (
            <li key={step.name} className="steps__item">
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="steps__name">{step.name}</h3>
              <p className="steps__text">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="landing-section" aria-labelledby="fees-title">
        <h2 id="fees-title" className="landing-section__title">
          {landingCopy.feesTitle}
        </h2>
        <p className="landing-section__lead">{landingCopy.feesLead}</p>
        <FeeSchedule />
      </section>

      <TermsSection />
    </div>
  );
}
