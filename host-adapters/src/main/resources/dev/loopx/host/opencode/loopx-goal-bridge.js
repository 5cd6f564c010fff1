// Placeholder: replaced by the Pi runtime branch (the opt-in LoopX goal bridge for OpenCode).
export {};
