import { errors, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { PasswordField } from "../../../components/ui/password-field";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useLogin } from "../api/login";
import { authCopy } from "../copy";
import { useCompleteSignIn } from "../use-complete-sign-in";
import { AuthCard } from "./auth-shell";

export function LoginForm() {
  useDocumentTitle(texts.login);
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const login = useLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password }, { onSuccess: completeSignIn });
  };

  return (
    <AuthCard
      title={texts.welcomeBack}
      lead={authCopy.loginLead}
      footer={
        <>
          <span>{authCopy.noAccount}</span>
          <Button variant="secondary" onClick={() => navigate(paths.signup)}>
            {texts.signUp}
          </Button>
        </>
      }
    >
      <form className="form" onSubmit={handleSubmit}>
        <TextField
          label={texts.email}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField
          label={texts.password}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p className="form__row form__row--end">
          <Link to={paths.forgotPassword}>{texts.forgotPasswordLink}</Link>
        </p>
        <ErrorBox>{login.isError ? errorMessage(login.error, errors.loginFailed) : null}</ErrorBox>
        <Button type="submit" block busy={login.isPending}>
          {login.isPending ? texts.signingIn : texts.login}
        </Button>
      </form>
    </AuthCard>
  );
}
