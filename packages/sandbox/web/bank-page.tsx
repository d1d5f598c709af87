import { useEffect, useRef, useState } from "react";
import type { SandboxWebHost } from "./host";

const MIN_FRAME_HEIGHT = 200;

/**
 * The sandbox's stand-in for the bank's page, framed from this origin. Its form would post back into the frame, and
 * a frame's navigation adds an entry to the tab's history: Back would then stop on it and the review screen's own
 * way back would land on it. So the answer is posted from here and the frame never navigates. Should the page
 * navigate anyway, its next load is the answer too.
 */
export default function SandboxBankPage({
  host,
  url,
  title,
  opening,
  onAnswered,
}: {
  host: SandboxWebHost;
  /** The sandbox's page, on this origin. */
  url: string;
  title: string;
  /** Read out, and shown beside the wheel, until the page has loaded. */
  opening: string;
  /** The player answered (or the page went elsewhere): the caller reads where the payment stands. */
  onAnswered: () => void;
}) {
  const { Spinner } = host.ui;
  const loads = useRef(0);
  const frame = useRef<HTMLIFrameElement>(null);
  // Loaded after the dialog opened (and took the focus to its first button): the player's next step is this page.
  useEffect(() => frame.current?.focus(), []);
  const [isLoaded, setIsLoaded] = useState(false);
  return (
    <div className="bank-check__frame-box">
      {isLoaded ? null : (
        <div className="bank-check__loading">
          <Spinner label={opening} showLabel />
        </div>
      )}
      <iframe
        ref={frame}
        className="bank-check__frame"
        title={title}
        src={url}
        onLoad={(event) => {
          loads.current += 1;
          if (loads.current > 1) {
            onAnswered();
            return;
          }
          setIsLoaded(true);
          // The page is ours (same origin): the frame grows to its whole height, so that its buttons show on a
          // phone without scrolling inside the frame.
          const page = event.currentTarget.contentDocument?.documentElement;
          const box = event.currentTarget.parentElement;
          if (page && box) box.style.height = `${Math.max(page.scrollHeight, MIN_FRAME_HEIGHT)}px`;
          const form = event.currentTarget.contentDocument?.querySelector("form");
          form?.addEventListener("submit", (submit) => {
            submit.preventDefault();
            // Whatever became of the post, the server reads the payment again and says where it stands.
            void postAnswer(form, submit.submitter).finally(onAnswered);
          });
        }}
      />
    </div>
  );
}

/** The bank page's form, sent as the browser would have sent it (the button pressed included). */
async function postAnswer(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter)) {
    if (typeof value === "string") fields.append(name, value);
  }
  await fetch(form.action, { method: "POST", body: fields, credentials: "same-origin" }).catch(
    () => undefined,
  );
}
