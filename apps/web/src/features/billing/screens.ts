export { BillingScreen } from './routes/billing/billing-screen.tsx';
export { CheckoutScreen } from './routes/checkout/checkout-screen.tsx';
export { ChooseYourPlanScreen } from './routes/choose-your-plan/choose-your-plan-screen.tsx';
export { PaymentSuccessfulScreen } from './routes/payment-successful/payment-successful-screen.tsx';
