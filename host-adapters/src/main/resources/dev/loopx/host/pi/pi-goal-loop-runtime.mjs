// Placeholder: replaced by the Pi runtime branch (the shared LoopX goal loop runtime).
export {};
