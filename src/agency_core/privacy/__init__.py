"""Personal data (Act 843): consent records, data requests, retention."""
