import { serverMessages, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import type { Dispatch, FormEvent, SetStateAction } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { ErrorBox } from "../../../components/ui/error-box";
import { PasswordField } from "../../../components/ui/password-field";
import { TextField } from "../../../components/ui/text-field";
import { authCopy } from "../copy";
import type { SignUpValues } from "../sign-up-validation";
import { AuthCard } from "./auth-shell";

/** Makes the change handler of one of the details' fields. */
type SetField = (field: keyof SignUpValues) => (event: { target: { value: string } }) => void;

/** Sign-up's first step: names, e-mail, password twice and the terms; sending it e-mails a code. */
export function SignUpDetails({
  values,
  setField,
  hasAccepted,
  onAcceptedChange,
  userNameTaken,
  error,
  setError,
  isSubmitting,
  onSubmit,
}: {
  values: SignUpValues;
  setField: SetField;
  hasAccepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
  userNameTaken: boolean;
  error: string | null;
  setError: Dispatch<SetStateAction<string | null>>;
  isSubmitting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const navigate = useNavigate();
  return (
    <AuthCard
      title={texts.createAccount}
      lead={authCopy.signUpLead}
      footer={
        <>
          <span>{authCopy.haveAccount}</span>
          <Button variant="secondary" onClick={() => navigate(paths.login)}>
            {texts.signIn}
          </Button>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit}>
        <NameFields values={values} setField={setField} userNameTaken={userNameTaken} setError={setError} />
        <TextField
          label={texts.email}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={setField("email")}
        />
        <PasswordField
          label={texts.password}
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={setField("password")}
        />
        <PasswordField
          label={texts.confirmPassword}
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={setField("confirmPassword")}
        />
        <TermsField hasAccepted={hasAccepted} onChange={onAcceptedChange} />
        <ErrorBox>{error}</ErrorBox>
        <Button type="submit" block busy={isSubmitting}>
          {isSubmitting ? texts.sending : texts.signUp}
        </Button>
      </form>
    </AuthCard>
  );
}

/** The full name and the username side by side; a taken username is said at once. */
function NameFields({
  values,
  setField,
  userNameTaken,
  setError,
}: {
  values: SignUpValues;
  setField: SetField;
  userNameTaken: boolean;
  setError: Dispatch<SetStateAction<string | null>>;
}) {
  return (
    <div className="form__grid">
      <TextField
        label={texts.fullName}
        name="fullName"
        autoComplete="name"
        required
        value={values.fullName}
        onChange={setField("fullName")}
      />
      <TextField
        label={texts.userName}
        name="userName"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.userName}
        onChange={(event) => {
          setField("userName")(event);
          // A refusal for the old name no longer applies.
          setError((current) => (current === serverMessages.userNameTaken ? null : current));
        }}
        aria-invalid={userNameTaken || undefined}
        hint={
          userNameTaken ? (
            <span role="alert" className="field__error">
              {serverMessages.userNameTaken}
            </span>
          ) : undefined
        }
      />
    </div>
  );
}

/** The box that accepts the privacy policy and terms, linked in a new tab. */
function TermsField({
  hasAccepted,
  onChange,
}: {
  hasAccepted: boolean;
  onChange: (accepted: boolean) => void;
}) {
  return (
    <CheckboxField
      name="acceptTerms"
      checked={hasAccepted}
      onChange={(event) => onChange(event.target.checked)}
      label={
        <>
          {authCopy.agreePrefix}{" "}
          <a href={paths.privacy} target="_blank" rel="noopener">
            {texts.privacyAndTerms}
            <span className="visually-hidden"> {authCopy.opensInNewTab}</span>
          </a>
        </>
      }
    />
  );
}
