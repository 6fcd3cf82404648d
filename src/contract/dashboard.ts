/** GET /api/admin/dashboard (the console's 工作台): what needs a person now, and the last 30 days. */
import { Type, type Static } from 'typebox'

export const DASHBOARD_DAYS = 30

export const DashboardCounts = Type.Object({
  /** Listings waiting for a reviewer. */
  pendingReview: Type.Integer(),
  /** Orders paid in full and not yet handed over. */
  toHandOver: Type.Integer(),
  /** Seller payouts the gateway refused (each waits for a retry). */
  failedPayouts: Type.Integer(),
  /** Feedback nobody has answered. */
  unansweredFeedback: Type.Integer(),
  /** Merchant applications waiting for a decision. */
  pendingMerchants: Type.Integer(),
  /** Appraisals the sold-price index could not price. */
  pendingAppraisals: Type.Integer(),
  /** After-sale cases not yet decided. */
  openAftersale: Type.Integer(),
  /** Rentals (租号) in a complaint, waiting for staff. */
  rentalComplaints: Type.Integer(),
})
export type DashboardCounts = Static<typeof DashboardCounts>

/** One China calendar day: orders placed, money paid in (GMV, fen) and listings submitted. */
export const DashboardDay = Type.Object({
  day: Type.String({ format: 'date' }),
  orders: Type.Integer(),
  gmv: Type.Integer(),
  listings: Type.Integer(),
})
export type DashboardDay = Static<typeof DashboardDay>

export const Dashboard = Type.Object({
  counts: DashboardCounts,
  /** The last 30 days, oldest first, today included; days without activity are zeros. */
  days: Type.Array(DashboardDay),
})
export type Dashboard = Static<typeof Dashboard>
