export { EmailEditorScreen, EmailEditorShortcut } from './routes/email-editor/email-editor-screen.tsx';
