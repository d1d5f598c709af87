import { expect, type Page } from "@playwright/test";

/**
 * Zooms a map out as far as it goes: the whole island, the selected building in the middle of it. The widest view is
 * where the zoom-out button turns off; the map's readout, written once the view settles, then shows it too.
 */
export async function zoomOutToIsland(page: Page) {
  const zoomOut = page.getByRole("button", { name: "Zoom out" });
  const map = page.locator('[data-map-ready="true"]');
  // What each look saw, for the failure message: on a slow machine this is where a story has run out of time.
  const seen: string[] = [];
  const look = async () => {
    const read = (name: string) => map.getAttribute(name, { timeout: 15_000 }).catch(() => "?");
    const [zoom, minZoom, island, disabled] = await Promise.all([
      read("data-zoom"),
      read("data-min-zoom"),
      read("data-island-in-view"),
      zoomOut.isDisabled({ timeout: 15_000 }).catch(() => null),
    ]);
    seen.push(`zoom ${zoom} (min ${minZoom}), island ${island}, button ${disabled ? "off" : "on"}`);
    return { widest: disabled === true && (zoom === minZoom || island === "true"), disabled };
  };
  // Pressed again until the widest view is reached. Drawn in software on a busy machine, a frame of a wide map can
  // take seconds: a click that waits for the button to hold still over two frames then runs out of time, so the
  // presses are made as a player makes them, without waiting (a press on the button once it is off does nothing).
  // A press can also be lost to an animation that runs long; the next look presses again.
  try {
    await expect
      .poll(
        async () => {
          const { widest, disabled } = await look();
          if (!widest && disabled === false)
            await zoomOut.click({ force: true, timeout: 15_000 }).catch(() => undefined);
          return widest;
        },
        { timeout: 360_000, intervals: [1_000] },
      )
      .toBe(true);
  } catch (error) {
    const last = seen.slice(-12).join("; ");
    throw new Error(`The map did not reach its widest view. Last looks: ${last}`, { cause: error });
  }
}
