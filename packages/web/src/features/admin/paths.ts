import { paths } from '../../app/paths';

/** The console's base address; its own module so the router knows it without loading the console. */
export const ADMIN_BASE = `${paths.home}/admin`;
