import type { SandboxRequest, SandboxRequestOptions, SandboxWebHost } from "@mx/sandbox/web/host";
import { Button } from "../components/ui/button";
import { ErrorBox } from "../components/ui/error-box";
import { PageSpinner, Spinner } from "../components/ui/spinner";
import { TextField } from "../components/ui/text-field";
import { apiRequest, errorMessage } from "../lib/api-client";

/** The app's call: a schema given, the reply's data is checked against it; a refusal is an ApiError. */
const request: SandboxRequest = async <T>(path: string, options?: SandboxRequestOptions<T>) =>
  (await apiRequest<T>(path, options)).data;

/** What every sandbox form is handed: this app's API call, its wording of a failed call and its components. */
export const sandboxHost: SandboxWebHost = {
  request,
  errorMessage,
  ui: { Button, TextField, Spinner, PageSpinner, ErrorBox },
};
