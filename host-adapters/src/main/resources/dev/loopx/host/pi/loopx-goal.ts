// Placeholder: replaced by the Pi runtime branch (the real LoopX goal extension for Pi).
export default function loopxGoalPlaceholder(): void {}
