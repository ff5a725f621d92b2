/** What other features use of reminders/: the settings (data export) and the dispatch (jobs). */
export { sendDueReminders } from './dispatch.service';
export { getReminderSettings } from './settings.service';
