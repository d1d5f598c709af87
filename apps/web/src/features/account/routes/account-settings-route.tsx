import { DEFAULT_BUILDING_COLOR, HEX_COLOUR_PATTERN } from "@mx/shared/constants";
import { errors, formats, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import type { Profile } from "@mx/shared/schemas/auth";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { RestrictionNotice } from "../../../components/restriction/restriction-notice";
import { Button } from "../../../components/ui/button";
import { ErrorBox, StatusNote } from "../../../components/ui/error-box";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { showAlert } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api-client";
import { useProfile } from "../../../lib/current-profile";
import { clearSession, getUserId } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useDeleteAccount } from "../api/delete-account";
import { useUpdateProfile } from "../api/update-profile";
import { AlertSettingsSection } from "../components/alert-settings-section";
import { DeleteAccountDialog } from "../components/delete-account-dialog";
import { PublicProfileSetting } from "../components/public-profile-setting";
import { PushSwitch } from "../components/push-switch";
import { accountCopy } from "../copy";
import "../account.css";

export function AccountSettingsRoute() {
  useDocumentTitle(texts.accountSettings);
  const profile = useProfile();

  return (
    <div className="settings">
      <PageHeader
        title={texts.accountSettings}
        lead={<BackLink to={paths.profile} label={accountCopy.backToProfile} />}
      />
      <RestrictionNotice />
      {profile.isPending ? <PageSpinner /> : null}
      {profile.isError ? (
        <ErrorBox>{formats.listError(errorMessage(profile.error, errors.fetchProfileFailed))}</ErrorBox>
      ) : null}
      {profile.data ? <SettingsForm key={profile.data._id} profile={profile.data} /> : null}
      {profile.data ? <PublicProfileSetting profile={profile.data} /> : null}
      {profile.data ? <PushSwitch /> : null}
      {profile.data ? <AlertSettingsSection /> : null}
      {profile.data ? <DangerZone /> : null}
    </div>
  );
}

function initialColour(profile: Profile): string {
  return HEX_COLOUR_PATTERN.test(profile.buildingColor)
    ? profile.buildingColor.toLowerCase()
    : DEFAULT_BUILDING_COLOR;
}

function SettingsForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [fullName, setFullName] = useState(profile.fullName);
  const [userName, setUserName] = useState(profile.userName);
  const [email, setEmail] = useState(profile.email);
  const [buildingColor, setBuildingColor] = useState(() => initialColour(profile));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({
      fullName: fullName.trim(),
      userName: userName.trim(),
      email: email.trim(),
      buildingColor,
    });
  };

  // Any edit after a save hides the old success note.
  const edit = (setter: (value: string) => void) => (event: { target: { value: string } }) => {
    if (update.isSuccess) update.reset();
    setter(event.target.value);
  };

  return (
    <form className="form settings__form" onSubmit={handleSubmit}>
      <TextField
        label={texts.fullName}
        name="fullName"
        autoComplete="name"
        required
        value={fullName}
        onChange={edit(setFullName)}
      />
      <TextField
        label={texts.userName}
        name="userName"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={userName}
        onChange={edit(setUserName)}
      />
      <TextField
        label={texts.email}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={edit(setEmail)}
      />
      <TextField
        className="field--colour"
        label={texts.ownedPropertiesColor}
        type="color"
        name="buildingColor"
        hint={accountCopy.colorHint}
        value={buildingColor}
        onChange={edit(setBuildingColor)}
        trailing={<output className="field__colour-value">{buildingColor.toUpperCase()}</output>}
      />
      <ErrorBox>{update.isError ? errorMessage(update.error, errors.updateProfileFailed) : null}</ErrorBox>
      <StatusNote>{update.isSuccess ? update.data.message || accountCopy.updated : null}</StatusNote>
      <Button type="submit" block busy={update.isPending}>
        {update.isPending ? texts.updating : texts.updateProfile}
      </Button>
    </form>
  );
}

function DangerZone() {
  const [isOpen, setIsOpen] = useState(false);
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const handleConfirm = () => {
    const userId = getUserId();
    // Without a stored userId nothing happens: there is no account id to delete.
    if (!userId) return;
    remove.mutate(userId, {
      onSuccess: async (message) => {
        void showAlert(message);
        clearSession();
        setIsOpen(false);
        await navigate(paths.login, { replace: true });
        queryClient.clear();
      },
      onError: (cause) => {
        console.error(errors.deleteUserFailed, cause);
      },
    });
  };

  return (
    <section className="danger-zone" aria-labelledby="danger-zone-title">
      <h2 id="danger-zone-title" className="danger-zone__title">
        {accountCopy.dangerTitle}
      </h2>
      <p className="danger-zone__text">{accountCopy.dangerText}</p>
      <Button
        variant="danger"
        onClick={() => {
          remove.reset();
          setIsOpen(true);
        }}
      >
        {texts.deleteAccount}
      </Button>
      <DeleteAccountDialog
        isOpen={isOpen}
        onCancel={() => setIsOpen(false)}
        onConfirm={handleConfirm}
        isDeleting={remove.isPending}
        error={remove.isError ? remove.error : null}
      />
    </section>
  );
}
