/**
 * Spec 4.8: endpoints named only in the permission and rate tables. Auth and limits are known,
 * shapes are not: they are reachable through `bm api` with their limits and signing applied.
 * Methods are not given: reads are taken as GET, submissions and cancellations as POST. Those the venue
 * later documented and real clients call are entries of ./later.ts instead, with their shapes.
 */
import { custom, perIp, perKey } from './limits.js';
import type { Auth, Endpoint, Method, RateLimit } from './types.js';

function named(path: string, auth: Auth, rate: RateLimit, method: Method = auth === 'SIGNED' ? 'POST' : 'GET'): Endpoint {
  return {
    id: `named${path.replace(/[/-]/g, '.')}`, method, path, auth, rate, params: [], shapeUnknown: true,
    summary: 'Named in spec 4.8 (auth and limits only)',
    // Every one sent by POST places, cancels or moves funds: confirmed, sent once, never re-sent blindly.
    ...(method === 'POST' ? { write: true } : {}),
    notes: 'Spec 4.8 shows no request or response shape; the method is inferred from the permission. POSTs are writes (confirmation, no blind retry); with no read to look one up, an unknown outcome stays unknown.',
  };
}

export const NAMED: readonly Endpoint[] = [
  named('/contract/public/details', 'NONE', perIp(12)),
  named('/contract/public/depth', 'NONE', perIp(12)),
  named('/contract/public/open-interest', 'NONE', perIp(2)),
  named('/contract/public/funding-rate', 'NONE', perIp(2)),
  named('/contract/public/kline', 'NONE', perIp(12)),
  named('/contract/v1/tickers', 'NONE', custom('IP', 10, 5000)),
  named('/contract/private/submit-order', 'SIGNED', perKey(24)),
  named('/contract/private/cancel-order', 'SIGNED', perKey(40)),
  named('/contract/private/cancel-orders', 'SIGNED', perKey(2)),
  named('/spot/v1/submit_order', 'SIGNED', custom('KEY', 150, 5000)),
  named('/spot/v1/cancel_order', 'SIGNED', perKey(60)),
  named('/spot/v1/margin/submit_order', 'SIGNED', perKey(60)),
  named('/spot/v1/batch_orders', 'SIGNED', custom('KEY', 150, 5000)),
  named('/contract/private/order', 'KEYED', perKey(50)),
  named('/contract/private/order-history', 'KEYED', perKey(6)),
  named('/contract/private/trades', 'KEYED', perKey(6)),
  named('/contract/private/assets-detail', 'KEYED', perKey(12)),
  named('/contract/private/position', 'KEYED', perKey(6)),
  named('/spot/v2/order_detail', 'KEYED', perKey(60)),
  named('/spot/v2/trades', 'KEYED', perKey(12)),
  named('/account/v1/withdraw/charge', 'KEYED', perKey(2, 5)),
  named('/spot/v1/margin/isolated/account', 'KEYED', perKey(12)),
  named('/spot/v1/margin/isolated/transfer', 'KEYED', perKey(2), 'POST'),
  named('/spot/v1/margin/isolated/borrow', 'KEYED', perKey(2), 'POST'),
  named('/spot/v1/margin/isolated/repay', 'KEYED', perKey(2), 'POST'),
  named('/spot/v1/margin/isolated/pairs', 'KEYED', perKey(2)),
  named('/spot/v1/margin/isolated/borrow_record', 'KEYED', perKey(60)),
  named('/spot/v1/margin/isolated/repay_record', 'KEYED', perKey(60)),
  named('/account/sub-account/main/v1/sub-to-main', 'KEYED', perKey(2, 5), 'POST'),
  named('/account/sub-account/sub/v1/sub-to-main', 'KEYED', perKey(2, 5), 'POST'),
  named('/account/sub-account/main/v1/main-to-sub', 'KEYED', perKey(2, 5), 'POST'),
  named('/account/sub-account/main/v1/sub-to-sub', 'KEYED', perKey(2, 5), 'POST'),
  named('/account/sub-account/sub/v1/sub-to-sub', 'KEYED', perKey(2, 5), 'POST'),
  named('/account/sub-account/main/v1/transfer-list', 'KEYED', perKey(8, 20)),
  named('/account/sub-account/v1/transfer-history', 'KEYED', perKey(8, 20)),
  named('/account/sub-account/main/v1/subaccount-list', 'KEYED', perKey(8, 20)),
  named('/account/sub-account/main/v1/wallet', 'KEYED', perKey(12, 30)),
];
