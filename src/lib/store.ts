import { createStore } from 'jotai';

/**
 * The one jotai store, shared by React (through <Provider store>) and by plain modules such as
 * the API client and route loaders that must read or clear the session outside components.
 */
export const appStore = createStore();
