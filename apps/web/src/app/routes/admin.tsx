/** The operator console (/admin/*), a chunk of its own: see admin/. */
export { AdminConsole as Component } from '../../admin/components/console';
