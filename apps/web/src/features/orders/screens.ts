export { OrdersScreen } from './routes/orders/orders-screen.tsx';
