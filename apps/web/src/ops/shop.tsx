import { OrderToShip } from "@mx/shared/schemas/ops";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { Button } from "../components/ui/button";
import { Dialog } from "../components/ui/dialog";
import { ErrorBox, StatusNote } from "../components/ui/error-box";
import { Spinner } from "../components/ui/spinner";
import { TextField } from "../components/ui/text-field";
import { opsRequest } from "./ops-api";
import { textOf, useLoad } from "./use-load";

/** Shop: the paid orders waiting to ship, each marked shipped with its carrier and tracking number. */
export function Shop() {
  const list = useLoad(() => opsRequest("/ops/orders", z.array(OrderToShip)).then((r) => r.data), "");
  const [shipping, setShipping] = useState<OrderToShip | null>(null);
  const [carrier, setCarrier] = useState("");
  const [tracking, setTracking] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ship = async (event: FormEvent) => {
    event.preventDefault();
    if (!shipping) return;
    setBusy(true);
    setError(null);
    try {
      await opsRequest(`/ops/orders/${shipping.id}/ship`, z.unknown(), {
        method: "POST",
        body: { carrier: carrier.trim(), trackingNumber: tracking.trim() },
      });
      setShipping(null);
      setCarrier("");
      setTracking("");
      list.reload();
    } catch (e) {
      setError(textOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ops__panel" aria-labelledby="shop-title">
      <h2 id="shop-title">Orders to ship</h2>
      {list.loading && !list.value ? <Spinner showLabel /> : null}
      {list.error ? <ErrorBox>{list.error}</ErrorBox> : null}
      {list.value && list.value.length === 0 ? (
        <StatusNote>No paid orders are waiting to ship.</StatusNote>
      ) : null}
      <ul className="ops__cards">
        {list.value?.map((o) => (
          <li key={o.id} className="ops__card" aria-label={`Order ${o.number}`}>
            <pre className="ops__pre">{o.description}</pre>
            <div className="ops__actions">
              <Button onClick={() => setShipping(o)}>Mark shipped</Button>
            </div>
          </li>
        ))}
      </ul>
      <Dialog isOpen={shipping !== null} title="Mark shipped" onClose={() => setShipping(null)} isBusy={busy}>
        <form onSubmit={ship} className="ops__confirm">
          <p>Order {shipping?.number}: the customer is e-mailed the carrier and tracking number.</p>
          <TextField
            label="Carrier"
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
            required
            maxLength={50}
          />
          <TextField
            label="Tracking number"
            value={tracking}
            onChange={(e) => setTracking(e.target.value)}
            required
            maxLength={100}
          />
          {error ? <ErrorBox>{error}</ErrorBox> : null}
          <div className="ops__row">
            <Button variant="ghost" onClick={() => setShipping(null)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              Confirm
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
