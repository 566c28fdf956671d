/** Job orders in a table: employer, positions, head-count filled, valid until, open or closed. */
import { Link } from 'react-router-dom';
import { DataTable, StatusBadge, countOf, formatDate } from '@/features/admin-shell';
import type { Order } from './api/orders';

export const orderTitle = (order: Order): string =>
  `${order.positions.map((p) => p.trade).join(', ') || 'Job order'} for ${order.employerCompany}`;

export function OrderState({ order }: { order: Order }) {
  return <StatusBadge status={order.closed ? 'closed' : 'open'} />;
}

export function FillText({ order }: { order: Order }) {
  const { selected, deployed, headCount } = order.fill;
  return <>{`${selected} selected, ${deployed} deployed of ${headCount}`}</>;
}

export function OrdersTable({ orders, withEmployer }: { orders: Order[]; withEmployer: boolean }) {
  const columns = [
    'Order',
    ...(withEmployer ? ['Employer'] : []),
    'Positions',
    'Fill',
    'Valid until',
    'Jobs',
    'State',
  ];
  return (
    <DataTable
      caption={countOf(orders.length, 'job order')}
      columns={columns}
      items={orders}
      empty="No job orders yet."
      row={(order) => (
        <tr key={order.id}>
          <th scope="row">
            <Link to={`/admin/job-orders/${encodeURIComponent(order.id)}`}>{order.id}</Link>
          </th>
          {withEmployer ? (
            <td>
              <Link to={`/admin/employers/${encodeURIComponent(order.employerId)}`}>
                {order.employerCompany}
              </Link>
            </td>
          ) : null}
          <td>{order.positions.map((p) => `${p.headCount} × ${p.trade}`).join(', ')}</td>
          <td>
            <FillText order={order} />
          </td>
          <td>{formatDate(order.validUntil)}</td>
          <td>{order.jobIds.length}</td>
          <td>
            <OrderState order={order} />
          </td>
        </tr>
      )}
    />
  );
}
