// Owned by the bookings domain (inquiries, status history, notes).
export {};
