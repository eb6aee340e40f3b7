/**
 * The bill types sync-create from ERP (spec §4) makes (server/modules/erp/sync.ts): purchase orders
 * become ASN or IN bills (the order's Kind), work orders WO issue bills. The bill-master page offers
 * 从ERP同步 on these types only.
 */
export const ERP_SYNC_BILL_TYPES = ['ASN', 'IN', 'WO'] as const;
export type ErpSyncBillType = (typeof ERP_SYNC_BILL_TYPES)[number];
export const isErpSyncBillType = (value: string): value is ErpSyncBillType => (ERP_SYNC_BILL_TYPES as readonly string[]).includes(value);
