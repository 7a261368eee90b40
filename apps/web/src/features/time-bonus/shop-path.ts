/** Where the time bonus is spent: the shop page of members who have not paid yet (spec section 2). */
export const SHOP_PATH = '/premium';
