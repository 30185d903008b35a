package io.snippetstore.auth.entity;

import io.snippetstore.platform.security.Role;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

@Converter(autoApply = true)
public class RoleConverter implements AttributeConverter<Role, String> {

    @Override
    public String convertToDatabaseColumn(Role role) {
        return role == null ? null : role.apiName();
    }

    @Override
    public Role convertToEntityAttribute(String value) {
        return value == null ? null : Role.fromApiName(value);
    }
}
