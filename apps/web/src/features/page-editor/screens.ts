export { PageEditorScreen } from './routes/page-editor/page-editor-screen.tsx';
