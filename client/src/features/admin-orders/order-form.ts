/** The job order form's values, checks (the server's messages) and body. */
import * as yup from 'yup';
import { REQUIRED } from '@/features/admin-forms';
import type { Order, OrderInput } from './api/orders';

export const NO_POSITION = 'Add at least one position';
const WHOLE = (low: number, high: number) => `Enter a whole number from ${low} to ${high}`;
const CURRENCY = "Enter the currency's three-letter code (AED)";

export interface PositionValues {
  trade: string;
  headCount: string;
  salary: string;
  currency: string;
}

export interface OrderValues {
  positions: PositionValues[];
  accommodation: boolean;
  transport: boolean;
  food: boolean;
  contractMonths: string;
  validUntil: string;
  domesticWork: boolean;
}

export const blankPosition = (currency = 'AED'): PositionValues => ({
  trade: '',
  headCount: '1',
  salary: '',
  currency,
});

export function orderValues(order: Order | null): OrderValues {
  if (!order) {
    return {
      positions: [blankPosition()],
      accommodation: false,
      transport: false,
      food: false,
      contractMonths: '24',
      validUntil: '',
      domesticWork: false,
    };
  }
  return {
    positions: order.positions.map((p) => ({
      trade: p.trade,
      headCount: String(p.headCount),
      salary: String(p.salary),
      currency: p.currency,
    })),
    ...order.benefits,
    contractMonths: String(order.contractMonths),
    validUntil: order.validUntil,
    domesticWork: order.domesticWork,
  };
}

const whole = (low: number, high: number) =>
  yup
    .string()
    .trim()
    .required(REQUIRED)
    .test(
      'whole',
      WHOLE(low, high),
      (text) => /^\d+$/.test(text) && Number(text) >= low && Number(text) <= high,
    );

export const orderSchema = yup.object({
  positions: yup
    .array(
      yup.object({
        trade: yup.string().trim().required(REQUIRED),
        headCount: whole(1, 10_000),
        salary: whole(0, 10_000_000),
        currency: yup
          .string()
          .trim()
          .required(REQUIRED)
          .test('currency', CURRENCY, (text) => /^[A-Za-z]{3}$/.test(text)),
      }),
    )
    .min(1, NO_POSITION),
  contractMonths: whole(1, 120),
  validUntil: yup.string().trim().required(REQUIRED),
});

export function orderBody(values: OrderValues, employerId: string, version?: number): OrderInput {
  return {
    employerId,
    positions: values.positions.map((p) => ({
      trade: p.trade.trim(),
      headCount: Number(p.headCount),
      salary: Number(p.salary),
      currency: p.currency.trim().toUpperCase(),
    })),
    benefits: { accommodation: values.accommodation, transport: values.transport, food: values.food },
    contractMonths: Number(values.contractMonths),
    validUntil: values.validUntil,
    domesticWork: values.domesticWork,
    ...(version === undefined ? {} : { expectedVersion: version }),
  };
}
