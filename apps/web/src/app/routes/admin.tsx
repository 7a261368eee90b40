/** The operator console (/admin/*), a chunk of its own: see features/admin. */
export { AdminConsole as Component } from '../../features/admin/components/console';
