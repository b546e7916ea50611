export { CustomerDetailsPanel } from './components/customer-details-panel.tsx';
export { CustomersScreen } from './routes/customers/customers-screen.tsx';
