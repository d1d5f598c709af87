import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ErrorBox, StatusNote } from "./error-box";

describe("notes and errors", () => {
  it("draw nothing, not an empty bar, when every message they were given is empty", () => {
    const none: string | null = null;
    const { container } = render(
      <>
        <StatusNote>
          {none}
          {false}
          {""}
        </StatusNote>
        <ErrorBox>{none}</ErrorBox>
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("show a message when one of several is there", () => {
    render(
      <StatusNote>
        {null}
        {"Payouts are set up."}
      </StatusNote>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Payouts are set up.");
  });
});
