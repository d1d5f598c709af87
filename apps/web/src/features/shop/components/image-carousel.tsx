import { type KeyboardEvent, useId, useState } from "react";
import { shopCopy } from "../copy";
import { ProductArt } from "../images/product-art";
import { ChevronLeftIcon, ChevronRightIcon } from "./shop-icons";

/** The next index round the ring of `total` pictures, in either direction: after the last comes the first. */
const wrapIndex = (index: number, total: number) => ((index % total) + total) % total;

/**
 * The product's pictures, one at a time. Previous and next (and the dots) appear only when there is more than one
 * picture, and both wrap around. Arrow keys work while focus is in the carousel.
 */
export function ImageCarousel({ images, productName }: { images: readonly string[]; productName: string }) {
  const [index, setIndex] = useState(0);
  const statusId = useId();
  const total = images.length;
  const hasMany = total > 1;
  const current = images[wrapIndex(index, Math.max(total, 1))] ?? "";
  const go = (step: number) => setIndex((i) => wrapIndex(i + step, total));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!hasMany) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    }
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={productName}
      onKeyDown={onKeyDown}
    >
      <div className="carousel__stage">
        <ProductArt key={current} imageKey={current} productName={productName} />
        {hasMany ? (
          <>
            <button
              type="button"
              className="carousel__arrow carousel__arrow--prev"
              aria-label={shopCopy.previousImage}
              aria-controls={statusId}
              onClick={() => go(-1)}
            >
              <ChevronLeftIcon size={24} />
            </button>
            <button
              type="button"
              className="carousel__arrow carousel__arrow--next"
              aria-label={shopCopy.nextImage}
              aria-controls={statusId}
              onClick={() => go(1)}
            >
              <ChevronRightIcon size={24} />
            </button>
          </>
        ) : null}
      </div>
      {hasMany ? (
        <div className="carousel__footer">
          <p id={statusId} className="carousel__status" aria-live="polite">
            {shopCopy.imageOf(wrapIndex(index, total) + 1, total)}
          </p>
          <div className="carousel__dots">
            {images.map((image, i) => (
              <button
                key={image}
                type="button"
                className="carousel__dot"
                aria-label={shopCopy.showImage(i + 1)}
                aria-current={i === wrapIndex(index, total) || undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
