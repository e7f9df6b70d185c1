/**
 * The side menu the layout shows (BasicLayout builds it from the route table and the caller's access), for
 * pages that speak of it: the welcome page lists what the caller may open, so it never promises a page the
 * menu hides. Its own file: a page importing the route table would make a cycle (the table loads the pages).
 */
import { createContext, useContext } from 'react';

export interface MenuItem {
  path: string;
  name: string;
  children?: MenuItem[];
}

export const MenuContext = createContext<readonly MenuItem[]>([]);

export const useMenu = () => useContext(MenuContext);
