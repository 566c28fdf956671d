/** The public face of admin-orders: what an employer's page shows of its job orders. */
export { listOrders, type Order } from './api/orders';
export { OrdersTable } from './OrdersTable';
