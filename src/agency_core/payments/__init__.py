"""The processing fee: the payment record, its rules and ports, and its use cases."""
