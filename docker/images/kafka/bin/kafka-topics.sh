#!/bin/bash
# apache/kafka's /opt/kafka/bin/kafka-topics.sh: Kafka's TopicCommand from kafka-tools
exec java -Xmx128m -Dlog4j2.configurationFile=/opt/kafka/config/log4j2.properties -cp "/opt/kafka/libs/*" org.apache.kafka.tools.TopicCommand "$@"
