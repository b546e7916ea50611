export { EditStaffScreen } from './routes/edit-staff/edit-staff-screen.tsx';
export { NewStaffScreen } from './routes/new-staff/new-staff-screen.tsx';
export { StaffListScreen } from './routes/staff-list/staff-list-screen.tsx';
