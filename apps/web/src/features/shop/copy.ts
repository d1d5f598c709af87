import { BRAND_NAME } from "@mx/shared/constants";
import { cardMessages } from "../../lib/card-input";

/**
 * This feature's own screen copy, free to change. Texts the product fixes word for word come from
 * @mx/shared/messages (docs/decisions/0003-texts-fixed-word-for-word.md).
 */
export const shopCopy = {
  unknownSessionTitle: "Checkout not found",
  unknownSessionText:
    "We could not find this checkout. If you paid, your confirmation e-mail has the details; otherwise start again from the shop.",
  shopTitle: "Shop",
  storeName: "Manhattan Exchange Shop",
  homeLink: `${BRAND_NAME} Shop, home`,
  catalogueTitle: "Merch from the Exchange",
  catalogueLead: "A cap and stickers for Manhattan's property traders. Prices in US dollars.",
  cartLabel: (count: number) => (count === 1 ? "Cart, 1 item" : `Cart, ${count} items`),
  viewProduct: (name: string) => `${name}, view product`,
  previousImage: "Previous image",
  nextImage: "Next image",
  imageOf: (index: number, total: number) => `Image ${index} of ${total}`,
  showImage: (index: number) => `Show image ${index}`,
  addedToCart: (name: string, quantity: number) => `${name} added to your cart (${quantity} in cart).`,
  backToShop: "Back to the shop",
  dimensions: "Dimensions",
  // Checkout
  yourCart: "Your cart",
  decrease: (name: string) => `One fewer ${name}`,
  increase: (name: string) => `One more ${name}`,
  quantityOf: (name: string) => `Quantity of ${name}`,
  remove: (name: string) => `Remove ${name}`,
  removeLabel: "Remove",
  each: (price: string) => `${price} each`,
  subtotal: "Subtotal",
  emailHint: "Your receipt and order confirmation go here.",
  emailRequired: "Enter your email address.",
  emailInvalid: "Enter a valid email address, like name@example.com.",
  creatingSession: "Preparing payment…",
  sessionFailed: "The payment form could not be opened. Please try again.",
  continueShopping: "Continue shopping",
  maxQuantity: (max: number) => `Up to ${max} of each item per order.`,
  // Payment forms
  payment: "Payment",
  backToCart: "Back to cart",
  paymentLoading: "Loading the secure payment form…",
  paymentUnavailable: "The payment form could not be loaded. Check your connection and reload the page.",
  sandboxNote: "Sandbox mode: no real card is charged. Try the test card",
  sandboxTestCard: "4242 4242 4242 4242",
  declinedHint: "or 4000 0000 0000 0002 to see a decline.",
  payAmount: (amount: string) => `Pay ${amount}`,
  paying: "Processing…",
  orderSummary: "Order summary",
  total: "Total",
  emailLabel: "Email",
  cardNumber: "Card number",
  expiry: "Expiry (MM / YY)",
  expiryPlaceholder: "MM / YY",
  cvc: "CVC",
  nameOnCard: "Name on card",
  nameRequired: "Enter the name on the card.",
  ...cardMessages,
  paymentFailed: "Your payment could not be completed. Please try again.",
  tryAgain: "Try again",
  sessionExpired: "This checkout has expired. Go back to your cart to start again.",
  // Return
  redirecting: (seconds: number) => `Taking you home in ${seconds} s…`,
} as const;
