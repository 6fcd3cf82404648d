/**
 * 下载我的数据: every record the marketplace keeps about the caller, as stored, column by column — never a
 * sealed field (ID number, credentials, payees, TOTP, password), and phone and ID number masked as the API
 * shows them everywhere.
 */
import { desc, eq, or } from 'drizzle-orm'
import type { AccountExport } from '../../../src/contract/account'
import type { AppDeps } from '../../deps'
import {
  accountDeletions,
  aftersaleCases,
  appraisals,
  browses,
  claims,
  credentialReveals,
  dealMessages,
  escrowTickets,
  favourites,
  goods,
  merchantApplications,
  messages,
  orders,
  payments,
  payouts,
  problems,
  recycleQuotes,
  recycleRequests,
  rentals,
  reviews,
  savedSearches,
  sessions,
  users,
} from '../../db/schema'
import { AppError } from '../../lib/envelope'
import { loadProfile } from '../user/service'

type Deps = Pick<AppDeps, 'database' | 'vault'>

export async function exportAccount({ database, vault }: Deps, userId: number): Promise<AccountExport> {
  const db = database.db
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  if (!user) throw new AppError(401, '登录状态已过期，请重新登录')
  const [
    orderRows,
    paymentRows,
    payoutRows,
    listings,
    rentalRows,
    claimRows,
    caseRows,
    reviewRows,
    tickets,
    requests,
    quotes,
    favouriteRows,
    browseRows,
    searches,
    messageRows,
    sent,
    feedback,
    appraisalRows,
    applications,
    sessionRows,
    reveals,
    deletions,
  ] = await Promise.all([
    db
      .select({
        id: orders.id,
        no: orders.no,
        kind: orders.kind,
        buyerId: orders.buyerId,
        sellerId: orders.sellerId,
        goodsId: orders.goodsId,
        goods: orders.goods,
        guaranteeType: orders.guaranteeType,
        goodsAmount: orders.goodsAmount,
        guaranteeAmount: orders.guaranteeAmount,
        serviceAmount: orders.serviceAmount,
        totalAmount: orders.totalAmount,
        commissionAmount: orders.commissionAmount,
        paidAmount: orders.paidAmount,
        refundAmount: orders.refundAmount,
        status: orders.status,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        handedOverAt: orders.handedOverAt,
        completedAt: orders.completedAt,
        cancelledAt: orders.cancelledAt,
        refundedAt: orders.refundedAt,
      })
      .from(orders)
      .where(or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)))
      .orderBy(desc(orders.id)),
    // What the buyer paid at the gateway, order by order (a deposit and its balance are two).
    db
      .select({
        id: payments.id,
        orderId: payments.orderId,
        outTradeNo: payments.outTradeNo,
        channel: payments.channel,
        kind: payments.kind,
        amount: payments.amount,
        status: payments.status,
        gatewayTradeNo: payments.gatewayTradeNo,
        refundAmount: payments.refundAmount,
        createdAt: payments.createdAt,
        paidAt: payments.paidAt,
        closedAt: payments.closedAt,
        refundedAt: payments.refundedAt,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.buyerId, userId))
      .orderBy(desc(payments.id)),
    // What the seller was paid out (the account it went to is sealed: not here).
    db
      .select({
        id: payouts.id,
        orderId: payouts.orderId,
        goodsId: payouts.goodsId,
        amount: payouts.amount,
        status: payouts.status,
        attempt: payouts.attempt,
        transferNo: payouts.transferNo,
        reason: payouts.reason,
        createdAt: payouts.createdAt,
        paidAt: payouts.paidAt,
      })
      .from(payouts)
      .where(eq(payouts.sellerId, userId))
      .orderBy(desc(payouts.id)),
    db
      .select({
        id: goods.id,
        gameId: goods.gameId,
        kind: goods.kind,
        title: goods.title,
        description: goods.description,
        price: goods.price,
        images: goods.images,
        attributes: goods.attributes,
        guarantee: goods.guarantee,
        rent: goods.rent,
        contact: goods.contact,
        status: goods.status,
        auditReason: goods.auditReason,
        delistReason: goods.delistReason,
        createdAt: goods.createdAt,
        listedAt: goods.listedAt,
      })
      .from(goods)
      .where(eq(goods.sellerId, userId))
      .orderBy(desc(goods.id)),
    db
      .select({
        id: rentals.id,
        goodsId: rentals.goodsId,
        renterId: rentals.renterId,
        ownerId: rentals.ownerId,
        status: rentals.status,
        hours: rentals.hours,
        rentAmount: rentals.rentAmount,
        depositAmount: rentals.depositAmount,
        damageAmount: rentals.damageAmount,
        startAt: rentals.startAt,
        endAt: rentals.endAt,
        returnedAt: rentals.returnedAt,
        settledAt: rentals.settledAt,
        complaint: rentals.complaint,
      })
      .from(rentals)
      .where(or(eq(rentals.renterId, userId), eq(rentals.ownerId, userId)))
      .orderBy(desc(rentals.id)),
    db
      .select({
        id: claims.id,
        orderId: claims.orderId,
        kind: claims.kind,
        description: claims.description,
        images: claims.images,
        additions: claims.additions,
        payee: claims.payeeMasked,
        status: claims.status,
        amount: claims.amount,
        rejectReason: claims.rejectReason,
        paidAt: claims.paidAt,
      })
      .from(claims)
      .where(eq(claims.buyerId, userId))
      .orderBy(desc(claims.id)),
    db
      .select({
        id: aftersaleCases.id,
        orderId: aftersaleCases.orderId,
        buyerId: aftersaleCases.buyerId,
        sellerId: aftersaleCases.sellerId,
        reason: aftersaleCases.reason,
        description: aftersaleCases.description,
        images: aftersaleCases.images,
        replyText: aftersaleCases.replyText,
        status: aftersaleCases.status,
        outcome: aftersaleCases.outcome,
        refundAmount: aftersaleCases.refundAmount,
        createdAt: aftersaleCases.createdAt,
        decidedAt: aftersaleCases.decidedAt,
      })
      .from(aftersaleCases)
      .where(or(eq(aftersaleCases.buyerId, userId), eq(aftersaleCases.sellerId, userId)))
      .orderBy(desc(aftersaleCases.id)),
    db
      .select({
        id: reviews.id,
        orderId: reviews.orderId,
        rating: reviews.rating,
        tags: reviews.tags,
        text: reviews.text,
        hiddenAt: reviews.hiddenAt,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
      })
      .from(reviews)
      .where(eq(reviews.buyerId, userId))
      .orderBy(desc(reviews.id)),
    db
      .select({
        id: escrowTickets.id,
        code: escrowTickets.code,
        gameId: escrowTickets.gameId,
        description: escrowTickets.description,
        agreedPrice: escrowTickets.agreedPrice,
        buyerId: escrowTickets.buyerId,
        sellerId: escrowTickets.sellerId,
        status: escrowTickets.status,
        orderId: escrowTickets.orderId,
        createdAt: escrowTickets.createdAt,
        completedAt: escrowTickets.completedAt,
      })
      .from(escrowTickets)
      .where(or(eq(escrowTickets.buyerId, userId), eq(escrowTickets.sellerId, userId)))
      .orderBy(desc(escrowTickets.id)),
    db
      .select({
        id: recycleRequests.id,
        goodsId: recycleRequests.goodsId,
        reservePrice: recycleRequests.reservePrice,
        consign: recycleRequests.consign,
        status: recycleRequests.status,
        bestQuote: recycleRequests.bestQuote,
        orderId: recycleRequests.orderId,
        createdAt: recycleRequests.createdAt,
      })
      .from(recycleRequests)
      .where(eq(recycleRequests.sellerId, userId))
      .orderBy(desc(recycleRequests.id)),
    db
      .select({
        id: recycleQuotes.id,
        requestId: recycleQuotes.requestId,
        price: recycleQuotes.price,
        status: recycleQuotes.status,
        createdAt: recycleQuotes.createdAt,
      })
      .from(recycleQuotes)
      .where(eq(recycleQuotes.merchantId, userId))
      .orderBy(desc(recycleQuotes.id)),
    db
      .select({ goodsId: favourites.goodsId, priceSeen: favourites.priceSeen, createdAt: favourites.createdAt })
      .from(favourites)
      .where(eq(favourites.userId, userId))
      .orderBy(desc(favourites.createdAt)),
    db
      .select({ goodsId: browses.goodsId, viewedAt: browses.viewedAt })
      .from(browses)
      .where(eq(browses.userId, userId))
      .orderBy(desc(browses.viewedAt)),
    db
      .select({
        id: savedSearches.id,
        title: savedSearches.title,
        filters: savedSearches.filters,
        createdAt: savedSearches.createdAt,
      })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(desc(savedSearches.id)),
    db
      .select({
        id: messages.id,
        type: messages.type,
        title: messages.title,
        content: messages.content,
        readAt: messages.readAt,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(eq(messages.userId, userId))
      .orderBy(desc(messages.id)),
    db
      .select({
        id: dealMessages.id,
        orderId: dealMessages.orderId,
        kind: dealMessages.kind,
        text: dealMessages.text,
        imageUrl: dealMessages.imageUrl,
        createdAt: dealMessages.createdAt,
      })
      .from(dealMessages)
      .where(eq(dealMessages.senderId, userId))
      .orderBy(desc(dealMessages.id)),
    db
      .select({
        id: problems.id,
        type: problems.type,
        title: problems.title,
        content: problems.content,
        images: problems.images,
        status: problems.status,
        reply: problems.reply,
        createdAt: problems.createdAt,
      })
      .from(problems)
      .where(eq(problems.userId, userId))
      .orderBy(desc(problems.id)),
    db
      .select({
        id: appraisals.id,
        gameId: appraisals.gameId,
        attributes: appraisals.attributes,
        description: appraisals.description,
        expectedPrice: appraisals.expectedPrice,
        status: appraisals.status,
        estimateMin: appraisals.estimateMin,
        estimateMax: appraisals.estimateMax,
        createdAt: appraisals.createdAt,
      })
      .from(appraisals)
      .where(eq(appraisals.userId, userId))
      .orderBy(desc(appraisals.id)),
    db
      .select({
        id: merchantApplications.id,
        name: merchantApplications.name,
        business: merchantApplications.business,
        gameIds: merchantApplications.gameIds,
        status: merchantApplications.status,
        reason: merchantApplications.reason,
        createdAt: merchantApplications.createdAt,
      })
      .from(merchantApplications)
      .where(eq(merchantApplications.userId, userId))
      .orderBy(desc(merchantApplications.id)),
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.id)),
    db
      .select({
        orderId: credentialReveals.orderId,
        goodsId: credentialReveals.goodsId,
        ip: credentialReveals.ip,
        createdAt: credentialReveals.createdAt,
      })
      .from(credentialReveals)
      .where(eq(credentialReveals.userId, userId))
      .orderBy(desc(credentialReveals.id)),
    db
      .select({
        id: accountDeletions.id,
        status: accountDeletions.status,
        requestedAt: accountDeletions.requestedAt,
        eraseAt: accountDeletions.eraseAt,
        cancelledAt: accountDeletions.cancelledAt,
      })
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, userId))
      .orderBy(desc(accountDeletions.id)),
  ])
  return {
    exportedAt: new Date().toISOString(),
    // The profile as the account page shows it (phone and ID number masked), with what only the export adds.
    profile: {
      ...(await loadProfile({ database, vault }, userId)),
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
      searchAlerts: user.searchAlerts,
    },
    orders: orderRows,
    payments: paymentRows,
    payouts: payoutRows,
    listings,
    rentals: rentalRows,
    claims: claimRows,
    aftersaleCases: caseRows,
    reviews: reviewRows,
    escrowTickets: tickets,
    recycleRequests: requests,
    quotes,
    favourites: favouriteRows,
    browses: browseRows,
    savedSearches: searches,
    messages: messageRows,
    dealMessages: sent,
    feedback,
    appraisals: appraisalRows,
    merchantApplications: applications,
    sessions: sessionRows,
    credentialReveals: reveals,
    deletions,
  }
}
