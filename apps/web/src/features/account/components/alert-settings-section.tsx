import { alertTexts } from "@mx/shared/messages";
import { type AlertKind, type AlertSettings, alertKindList, alertKinds } from "@mx/shared/schemas/alerts";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { ErrorBox, StatusNote } from "../../../components/ui/error-box";
import { LoadError } from "../../../components/ui/load-error";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useAlertSettings, useSaveAlertSettings } from "../api/alert-settings";
import "./alert-settings.css";

/**
 * Account Settings' "Alerts": one checkbox per alert kind (the list in @mx/shared/schemas/alerts), saved together.
 * A switched-off alert writes neither a feed entry nor a push.
 */
export function AlertSettingsSection() {
  const titleId = useId();
  const settings = useAlertSettings();
  return (
    <section className="alert-settings" aria-labelledby={titleId}>
      <h2 id={titleId} className="alert-settings__title">
        {alertTexts.title}
      </h2>
      {settings.isPending ? <Spinner /> : null}
      <LoadError onRetry={() => void settings.refetch()} isRetrying={settings.isFetching}>
        {settings.isError ? errorMessage(settings.error, alertTexts.loadFailed) : null}
      </LoadError>
      {settings.data ? <AlertSwitches saved={settings.data} /> : null}
    </section>
  );
}

function AlertSwitches({ saved }: { saved: AlertSettings }) {
  const save = useSaveAlertSettings();
  const [choice, setChoice] = useState<AlertSettings>(saved);

  const toggle = (kind: AlertKind, on: boolean) => {
    // Any change after a save hides the old note.
    if (save.isSuccess || save.isError) save.reset();
    setChoice((now) => ({ ...now, [kind]: on }));
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(choice);
  };

  return (
    <form className="alert-settings__form" onSubmit={handleSubmit}>
      <fieldset className="alert-settings__choices">
        <legend className="alert-settings__lead">{alertTexts.lead}</legend>
        {alertKindList.map((kind) => (
          <CheckboxField
            key={kind}
            name={kind}
            label={alertKinds[kind]}
            checked={choice[kind]}
            onChange={(event) => toggle(kind, event.target.checked)}
          />
        ))}
      </fieldset>
      <ErrorBox>{save.isError ? errorMessage(save.error, alertTexts.saveFailed) : null}</ErrorBox>
      <StatusNote>{save.isSuccess ? save.data.message || alertTexts.saved : null}</StatusNote>
      <Button type="submit" variant="secondary" busy={save.isPending}>
        {save.isPending ? alertTexts.saving : alertTexts.save}
      </Button>
    </form>
  );
}
