/**
 * The menu route a page was opened from. A page registered once for many menu items (bill
 * masters, report loading) reads its own item here: `useMenuRoute()?.params?.billType`.
 */
import { createContext, useContext } from 'react';
import type { DynamicRoute } from './types';

export const MenuRouteContext = createContext<DynamicRoute | undefined>(undefined);

export const useMenuRoute = () => useContext(MenuRouteContext);
